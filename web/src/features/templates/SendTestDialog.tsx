/**
 * Sends the template as it stands in the editor (saved or not) to one address through POST /v1/send,
 * the subject marked [TEST]. It goes out as a one-off transactional email, so it reaches the address
 * whatever its subscription; the project's contacts gain that address if they did not have it. It
 * shows in the email log (and the outbox) at once. An MJML or visual email is rendered by the server
 * first, its variables filled from the preview's sample data. Mounted only while open: each opening
 * starts anew.
 */
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError, fieldError } from '../../api/client.ts';
import { useServerConfig } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { CancelAnd, Dialog } from '../../components/Dialog.tsx';
import { TextInput } from '../../components/Field.tsx';
import { TextLink } from '../../components/Links.tsx';
import { FormError } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { emailMutations, type SendBody } from '../../queries/emails.ts';
import { useAction } from '../../queries/use-action.ts';
import type { TemplateDraft } from './template-model.ts';

/** The send API's body for a test of `draft` to `to`, and what the server renders first (MJML, blocks). */
function testOf(draft: TemplateDraft, to: string, sample: Record<string, unknown>) {
  const name = draft.fromName.trim();
  const reply = draft.replyTo.trim();
  const send: SendBody = {
    to: to.trim(),
    from: { email: draft.from.trim(), ...(name ? { name } : {}) },
    ...(reply ? { reply } : {}),
    subject: `[TEST] ${draft.subject}`,
    body: draft.body,
  };
  if (draft.format === 'HTML') return { send };
  const content =
    draft.format === 'MJML'
      ? { format: draft.format, body: draft.body }
      : { format: draft.format, document: draft.document ?? { version: 1 as const, blocks: [] } };
  // A test is transactional (it goes whatever the subscription): rendered without the marketing footer.
  return { send, render: { ...content, subject: draft.subject, type: 'TRANSACTIONAL' as const, data: sample } };
}

export function SendTestDialog({
  onClose,
  draft,
  defaultEmail,
  sample,
}: {
  onClose: () => void;
  draft: TemplateDraft;
  defaultEmail: string;
  /** The preview's sample contact data: an MJML or visual email is rendered with it. */
  sample: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const scope = useProject();
  const config = useServerConfig();
  const [to, setTo] = useState(defaultEmail);
  const send = useAction(emailMutations.sendTest(scope), { inline: true });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate(testOf(draft, to, sample));
  };
  const error = send.error;
  const toError = fieldError(error, 'to');
  const noSender = draft.from.trim() === '';

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('Send a test email')}
      footer={
        send.isSuccess ? (
          <Button onClick={onClose}>{t('Done')}</Button>
        ) : (
          <CancelAnd onCancel={onClose}>
            <Button type="submit" form="send-test-form" loading={send.isPending} disabled={noSender}>
              {t('Send test')}
            </Button>
          </CancelAnd>
        )
      }
    >
      {send.isSuccess ? (
        <div className="flex items-start gap-3 text-sm text-slate-700" role="status">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
          <div>
            <p className="font-medium text-slate-900">{t('Test sent to {email}.', { email: to.trim() })}</p>
            {config.data?.mailTransport === 'capture' ? (
              <p className="mt-1">
                <Trans
                  i18nKey="This server keeps mail instead of delivering it: find the message in the <a>outbox</a>."
                  components={{ a: <TextLink to={scope.to('outbox')}>{null}</TextLink> }}
                />
              </p>
            ) : (
              <p className="mt-1">{t('It should arrive within a minute.')}</p>
            )}
          </div>
        </div>
      ) : (
        <form id="send-test-form" onSubmit={submit} noValidate className="space-y-4">
          <p className="text-sm text-slate-600">
            <Trans
              i18nKey="Sends what is in the editor now, saved or not, with the subject marked <strong>[TEST]</strong>."
              components={{ strong: <strong /> }}
            />{' '}
            {draft.format === 'HTML'
              ? t('Variables are filled from the contact with this address, if there is one.')
              : t('Variables are filled from the sample data of the preview.')}
          </p>
          {noSender && (
            <Callout tone="warning" role="alert">
              <p>{t('Set a From address under Sender first: a test needs a sender on a verified domain.')}</p>
            </Callout>
          )}
          {!toError && <FormError error={error} />}
          {error instanceof ApiError && !toError && error.errors.length > 1 && (
            <ul className="list-disc pl-5 text-xs text-red-700">
              {error.errors.map((e) => (
                <li key={`${e.field}-${e.message}`}>
                  {e.field}: {e.message}
                </li>
              ))}
            </ul>
          )}
          <TextInput
            label={t('Send to')}
            type="email"
            required
            autoComplete="email"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={toError}
          />
        </form>
      )}
    </Dialog>
  );
}
