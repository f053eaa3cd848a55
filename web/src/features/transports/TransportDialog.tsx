/**
 * Adding a transport or editing one: its name, kind (SMTP or SES, chosen when it is added), the
 * connection, the streams it carries, its priority and rate, and whether it is on. Mounted only
 * while open, so each opening starts from the transport as it is then (or empty). The API's
 * refusals show on their fields.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, TextInput } from '../../components/Field.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { msg } from '../../i18n/msg.ts';
import { cx } from '../../lib/cx.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Transport, type TransportKind, transportMutations } from '../../queries/transports.ts';
import { useAction } from '../../queries/use-action.ts';
import { GroupError, SesFields, SmtpFields } from './ConnectionFields.tsx';
import { BLANK_DRAFT, buildBody, draftOf, STREAMS } from './transport-draft.ts';

// English messages, translated where shown.
const KINDS: Array<{ value: TransportKind; label: string; help: string }> = [
  {
    value: 'SMTP',
    label: msg('SMTP relay'),
    help: msg('Any server that takes mail over SMTP with a user and password.'),
  },
  { value: 'SES', label: msg('Amazon SES'), help: msg('Your own AWS account, through the SES API.') },
];

const PRIORITY_HINT = msg('Lower numbers are tried first; the next one takes over when one fails.');
const RATE_HINT = msg('Across every worker. Leave empty for no limit of its own.');

// The fields the form shows a message under, whichever of them the body carries; anything else is a form-level error.
const FIELDS = ['name', 'kind', 'url', 'ses', 'streams', 'ratePerSecond', 'priority', 'enabled'];

export function TransportDialog({ transport, onClose }: { transport?: Transport; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useAction(transportMutations.save(useProject(), transport?.id), {
    inline: true,
    onSuccess: (saved) => {
      toast(
        transport
          ? t('Transport “{name}” saved.', { name: saved.name })
          : t('Transport “{name}” added.', { name: saved.name }),
      );
      onClose();
    },
  });
  const d = useDraft(transport ? draftOf(transport) : BLANK_DRAFT, {
    save,
    // The form's own refusals (a number in words, a changed server without its password) stop the save first.
    check: (draft) => buildBody(draft, transport).errors ?? {},
    toBody: (draft) => buildBody(draft, transport).body ?? {},
    // Another transport of the project has the name: a 409 without field errors, shown on the field.
    codeFields: { NAME_TAKEN: 'name' },
    fields: FIELDS,
    leaveMessage: transport ? t('Your changes to this transport are not saved yet. Leave and lose them?') : undefined,
  });
  const { value: draft, set, error } = d;
  const streamsError = error('streams');

  return (
    <FormDialog
      open
      onClose={onClose}
      title={transport ? t('Edit {name}', { name: transport.name }) : t('Add a transport')}
      submitLabel={transport ? t('Save') : t('Add transport')}
      draft={d}
      wide
    >
      <TextInput
        label={t('Name')}
        autoFocus
        maxLength={100}
        placeholder={t('e.g. Postmark, SES eu-west-1')}
        {...d.text('name')}
        hint={t('Shown in the email log beside each attempt made through it.')}
      />
      {transport ? null : (
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t('Kind')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {KINDS.map((k) => (
              <label
                key={k.value}
                className={cx(
                  'flex cursor-pointer gap-2 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40',
                  draft.kind === k.value ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-white',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={k.value}
                  checked={draft.kind === k.value}
                  onChange={() => set({ kind: k.value })}
                  className="mt-0.5 accent-brand-600"
                />
                <span>
                  <span className="block font-medium text-slate-900">{t(k.label)}</span>
                  <span className="block text-xs text-slate-600">{t(k.help)}</span>
                </span>
              </label>
            ))}
          </div>
          <GroupError id={`${id}-kind-error`} message={error('kind')} />
        </fieldset>
      )}
      {draft.kind === 'SMTP' ? (
        <SmtpFields
          value={draft.smtp}
          password={d.text('password')}
          onChange={(smtp) => set({ smtp })}
          editing={Boolean(transport)}
          error={error}
        />
      ) : (
        <SesFields value={draft.ses} onChange={(ses) => set({ ses })} editing={Boolean(transport)} error={error} />
      )}
      <fieldset aria-describedby={streamsError ? `${id}-streams-error` : undefined}>
        <legend className="text-sm font-medium text-slate-700">{t('Streams')}</legend>
        <p className="text-xs text-slate-500">{t('The mail this transport carries. Tick at least one.')}</p>
        <div className="mt-2 space-y-1.5">
          {STREAMS.map((s) => (
            <div key={s.value}>
              <Checkbox
                label={
                  <span>
                    <span className="font-medium text-slate-900">{t(s.label)}</span>
                    <span className="text-slate-500">: {t(s.help)}</span>
                  </span>
                }
                checked={draft.streams.includes(s.value)}
                onChange={(e) =>
                  set({
                    streams: e.target.checked
                      ? STREAMS.map((x) => x.value).filter((v) => v === s.value || draft.streams.includes(v))
                      : draft.streams.filter((v) => v !== s.value),
                  })
                }
              />
            </div>
          ))}
        </div>
        <GroupError id={`${id}-streams-error`} message={streamsError} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label={t('Priority')} inputMode="numeric" hint={t(PRIORITY_HINT)} {...d.text('priority')} />
        <TextInput
          label={t('Rate limit (emails per second)')}
          inputMode="numeric"
          placeholder={t('No limit')}
          hint={t(RATE_HINT)}
          {...d.text('ratePerSecond')}
        />
      </div>
      <Checkbox label={t('Enabled: send through this transport')} {...d.checkbox('enabled')} />
    </FormDialog>
  );
}
