import { can, type Project } from '../../api/session.ts';
import { Select, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import { DraftForm } from '../../forms/DraftForm.tsx';
import { integerText, optionalInteger } from '../../forms/numbers.ts';
import { useDraft } from '../../forms/use-draft.ts';
import { cx } from '../../lib/cx.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { projectMutations } from '../../queries/projects.ts';
import { useAction } from '../../queries/use-action.ts';
import { DeleteProject } from './DeleteProject.tsx';
import { SmtpSubmission } from './SmtpSubmission.tsx';

type Tracking = Project['tracking'];

const TRACKING: Array<{ value: Tracking; label: string; help: string }> = [
  { value: 'ENABLED', label: 'All email', help: 'Track opens and clicks in every email.' },
  {
    value: 'MARKETING_ONLY',
    label: 'Marketing email only',
    help: 'Track campaigns and marketing templates; leave transactional mail (receipts, password resets) untouched.',
  },
  { value: 'DISABLED', label: 'Off', help: 'No tracking pixel and no rewritten links in any email.' },
];

const LOCALES: Array<{ value: string; label: string }> = [
  { value: '', label: 'English (default)' },
  { value: 'de', label: 'Deutsch' },
  { value: 'fr', label: 'Français' },
  { value: 'es', label: 'Español' },
];

/** Settings → General: name, tracking, send rate, default language; SMTP submission; deleting the project. */
export function GeneralSettings() {
  const { project } = useProject();
  return (
    <div className="space-y-6">
      <ProjectForm key={project.id} project={project} />
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
  const scope = useProject();
  const editable = can(project, 'settings.change');
  const save = useAction(projectMutations.update(scope), { inline: true, onSuccess: () => toast('Settings saved.') });
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
          ? 'Enter a whole number of emails per second, or leave it empty.'
          : undefined,
    }),
    leaveMessage: 'Your changes to the project settings are not saved yet. Leave and lose them?',
  });
  const localeOptions = LOCALES.some((l) => l.value === d.value.locale)
    ? LOCALES
    : [...LOCALES, { value: d.value.locale, label: d.value.locale }];

  return (
    <Card title="Project">
      <PermissionNotice permission="settings.change" acts="change these settings" />
      <DraftForm draft={d} editable={editable} className="max-w-2xl">
        <TextInput label="Project name" {...d.text('name')} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Open and click tracking</legend>
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
                  <span className="block font-medium text-slate-900">{option.label}</span>
                  <span className="block text-xs text-slate-600">{option.help}</span>
                </span>
              </label>
            ))}
          </div>
          {d.error('tracking') && <p className="mt-1 text-xs text-red-600">{d.error('tracking')}</p>}
        </fieldset>
        <div className="grid gap-5 lg:grid-cols-2">
          <TextInput
            label="Send rate (emails per second)"
            inputMode="numeric"
            placeholder="Server default"
            {...d.text('sendRate', 'sendRatePerSecond')}
            hint="How fast campaigns and workflows hand mail out. Leave empty for the server default."
          />
          <Select
            label="Default language"
            {...d.text('locale', 'defaultLocale')}
            hint="For the unsubscribe footer and subscription pages of contacts without data.locale."
          >
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
