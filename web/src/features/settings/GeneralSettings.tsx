import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { fieldError } from '../../api/client.ts';
import { can, type Project, sessionKeys } from '../../api/session.ts';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { Select, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
import { cx } from '../../lib/cx.ts';
import { toast } from '../../lib/toasts.ts';
import { DeleteProject } from './DeleteProject.tsx';
import { integerText, optionalInteger } from './form.ts';
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
  const { api, projectId } = useProject();
  const editable = can(project, 'settings.change');
  const saved = draftOf(project);
  const [draft, setDraft] = useState<Draft>(saved);
  const [rateError, setRateError] = useState<string>();
  // When the saved project changes (another tab, a save), start again from it.
  const savedKey = JSON.stringify(saved);
  // biome-ignore lint/correctness/useExhaustiveDependencies: savedKey stands for `saved`.
  useEffect(() => setDraft(saved), [savedKey]);
  const dirty = JSON.stringify(draft) !== savedKey;

  const save = useMutation({
    mutationFn: (rate: number | null) =>
      api.patch('/users/@me/projects/{id}', {
        path: { id: projectId },
        body: {
          name: draft.name,
          tracking: draft.tracking,
          sendRatePerSecond: rate,
          defaultLocale: draft.locale === '' ? null : draft.locale,
        },
      }),
    // The projects answer carries the settings (the switcher shows the name): refreshed before the toast.
    meta: { invalidates: [sessionKeys.projects], errorShownInline: true },
    onSuccess: () => toast('Settings saved.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const rate = optionalInteger(draft.sendRate);
    if (typeof rate === 'string') {
      setRateError('Enter a whole number of emails per second, or leave it empty.');
      return;
    }
    setRateError(undefined);
    save.mutate(rate);
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const fields = ['name', 'tracking', 'sendRatePerSecond', 'defaultLocale'];
  const formLevel = save.error && !fields.some((f) => fieldError(save.error, f)) ? save.error : null;
  const localeOptions = LOCALES.some((l) => l.value === draft.locale)
    ? LOCALES
    : [...LOCALES, { value: draft.locale, label: draft.locale }];

  return (
    <Card title="Project">
      {!editable && (
        <p className="mb-4 text-sm text-slate-600">Changing these settings needs the Owner or Admin role.</p>
      )}
      <form onSubmit={submit} className="max-w-2xl space-y-5" noValidate>
        <FormError error={formLevel} />
        <fieldset disabled={!editable} className="space-y-5">
          <TextInput
            label="Project name"
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            error={fieldError(save.error, 'name')}
          />
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Open and click tracking</legend>
            <div className="mt-2 grid gap-2 lg:grid-cols-3">
              {TRACKING.map((option) => (
                <label
                  key={option.value}
                  className={cx(
                    'flex cursor-pointer gap-2 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40',
                    draft.tracking === option.value ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-white',
                  )}
                >
                  <input
                    type="radio"
                    name="tracking"
                    value={option.value}
                    checked={draft.tracking === option.value}
                    onChange={() => set('tracking', option.value)}
                    className="mt-0.5 accent-brand-600"
                  />
                  <span>
                    <span className="block font-medium text-slate-900">{option.label}</span>
                    <span className="block text-xs text-slate-600">{option.help}</span>
                  </span>
                </label>
              ))}
            </div>
            {fieldError(save.error, 'tracking') && (
              <p className="mt-1 text-xs text-red-600">{fieldError(save.error, 'tracking')}</p>
            )}
          </fieldset>
          <div className="grid gap-5 lg:grid-cols-2">
            <TextInput
              label="Send rate (emails per second)"
              inputMode="numeric"
              placeholder="Server default"
              value={draft.sendRate}
              onChange={(e) => set('sendRate', e.target.value)}
              error={rateError ?? fieldError(save.error, 'sendRatePerSecond')}
              hint="How fast campaigns and workflows hand mail out. Leave empty for the server default."
            />
            <Select
              label="Default language"
              value={draft.locale}
              onChange={(e) => set('locale', e.target.value)}
              error={fieldError(save.error, 'defaultLocale')}
              hint="For the unsubscribe footer and subscription pages of contacts without data.locale."
            >
              {localeOptions.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </Select>
          </div>
        </fieldset>
        {editable && (
          <div className="flex gap-2">
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              Save changes
            </Button>
            {dirty && (
              <Button
                variant="ghost"
                onClick={() => {
                  setDraft(saved);
                  setRateError(undefined);
                  save.reset();
                }}
              >
                Discard
              </Button>
            )}
          </div>
        )}
      </form>
    </Card>
  );
}
