import { useTranslation } from 'react-i18next';
import { can, type Project } from '../../api/session.ts';
import { Select, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import { DraftForm } from '../../forms/DraftForm.tsx';
import { integerText, optionalInteger } from '../../forms/numbers.ts';
import { useDraft } from '../../forms/use-draft.ts';
import { LANGUAGE_NAMES } from '../../i18n/languages.ts';
import { msg } from '../../i18n/msg.ts';
import { cx } from '../../lib/cx.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { projectMutations } from '../../queries/projects.ts';
import { useAction } from '../../queries/use-action.ts';
import { DeleteProject } from './DeleteProject.tsx';
import { McpSettings } from './McpSettings.tsx';
import { SmtpSubmission } from './SmtpSubmission.tsx';

type Tracking = Project['tracking'];

const TRACKING: Array<{ value: Tracking; label: string; help: string }> = [
  { value: 'ENABLED', label: msg('All email'), help: msg('Track opens and clicks in every email.') },
  {
    value: 'MARKETING_ONLY',
    label: msg('Marketing email only'),
    help: msg(
      'Track campaigns and marketing templates; leave transactional mail (receipts, password resets) untouched.',
    ),
  },
  { value: 'DISABLED', label: msg('Off'), help: msg('No tracking pixel and no rewritten links in any email.') },
];

/** The languages of the footer and subscription pages besides English (the default), each named in itself. */
const LOCALES = (['de', 'fr', 'es'] as const).map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

/** Settings → General: name, tracking, send rate, default language; MCP writes; SMTP submission; deleting the project. */
export function GeneralSettings() {
  const { project } = useProject();
  return (
    <div className="space-y-6">
      <ProjectForm key={project.id} project={project} />
      <McpSettings key={`mcp-${project.id}`} project={project} />
      <SmtpSubmission />
      <DeleteProject />
    </div>
  );
}

interface Draft {
  name: string;
  tracking: Tracking;
  sendRate: string;
  locale: string;
}

const draftOf = (p: Project): Draft => ({
  name: p.name,
  tracking: p.tracking,
  sendRate: integerText(p.sendRatePerSecond),
  locale: p.defaultLocale ?? '',
});

function ProjectForm({ project }: { project: Project }) {
  const { t } = useTranslation();
  const scope = useProject();
  const editable = can(project, 'settings.change');
  const save = useAction(projectMutations.update(scope), {
    inline: true,
    onSuccess: () => toast(t('Settings saved.')),
  });
  const d = useDraft(draftOf(project), {
    save,
    toBody: (draft) => ({
      name: draft.name,
      tracking: draft.tracking,
      // Never words: the check below stops the save first.
      sendRatePerSecond: optionalInteger(draft.sendRate) as number | null,
      defaultLocale: draft.locale === '' ? null : draft.locale,
    }),
    check: (draft) => ({
      sendRatePerSecond:
        typeof optionalInteger(draft.sendRate) === 'string'
          ? t('Enter a whole number of emails per second, or leave it empty.')
          : undefined,
    }),
    leaveMessage: t('Your changes to the project settings are not saved yet. Leave and lose them?'),
  });
  // A language saved that the list does not offer stays choosable, under its tag.
  const localeOptions: Array<{ value: string; label: string }> =
    d.value.locale === '' || LOCALES.some((l) => l.value === d.value.locale)
      ? LOCALES
      : [...LOCALES, { value: d.value.locale, label: d.value.locale }];

  return (
    <Card title={t('Project')}>
      <PermissionNotice permission="settings.change">
        {t('Your role does not let you change these settings.')}
      </PermissionNotice>
      <DraftForm draft={d} editable={editable} className="max-w-2xl">
        <TextInput label={t('Project name')} {...d.text('name')} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t('Open and click tracking')}</legend>
          <div className="mt-2 grid gap-2 lg:grid-cols-3">
            {TRACKING.map((option) => (
              <label
                key={option.value}
                className={cx(
                  'flex cursor-pointer gap-2 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40',
                  d.value.tracking === option.value ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-white',
                )}
              >
                <input
                  type="radio"
                  name="tracking"
                  value={option.value}
                  checked={d.value.tracking === option.value}
                  onChange={() => d.set({ tracking: option.value })}
                  className="mt-0.5 accent-brand-600"
                />
                <span>
                  <span className="block font-medium text-slate-900">{t(option.label)}</span>
                  <span className="block text-xs text-slate-600">{t(option.help)}</span>
                </span>
              </label>
            ))}
          </div>
          {d.error('tracking') && <p className="mt-1 text-xs text-red-600">{d.error('tracking')}</p>}
        </fieldset>
        <div className="grid gap-5 lg:grid-cols-2">
          <TextInput
            label={t('Send rate (emails per second)')}
            inputMode="numeric"
            placeholder={t('Server default')}
            {...d.text('sendRate', 'sendRatePerSecond')}
            hint={t('How fast campaigns and workflows hand mail out. Leave empty for the server default.')}
          />
          <Select
            label={t('Default language')}
            {...d.text('locale', 'defaultLocale')}
            hint={t('For the unsubscribe footer and subscription pages of contacts without data.locale.')}
          >
            <option value="">{t('English (default)')}</option>
            {localeOptions.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </Select>
        </div>
      </DraftForm>
    </Card>
  );
}
