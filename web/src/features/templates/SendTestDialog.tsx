/**
 * Sends the template as it stands in the editor (saved or not) to one address through POST /v1/send,
 * the subject marked [TEST]. It goes out as a one-off transactional email, so it reaches the address
 * whatever its subscription; the project's contacts gain that address if they did not have it.
 */

import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, fieldError } from '../../api/client.ts';
import { useServerConfig } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextInput } from '../../components/Field.tsx';
import { TextLink } from '../../components/Links.tsx';
import { FormError } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { contactQueries } from '../../queries/contacts.ts';
import { sendEffects } from '../../queries/overview.ts';
import type { Draft } from './template-model.ts';

export function SendTestDialog({
  open,
  onClose,
  draft,
  defaultEmail,
}: {
  open: boolean;
  onClose: () => void;
  draft: Draft;
  defaultEmail: string;
}) {
  const { api, projectId, to: link } = useProject();
  const config = useServerConfig();
  const [to, setTo] = useState(defaultEmail);
  const send = useMutation({
    mutationFn: () =>
      api.post('/v1/send', {
        body: {
          to: to.trim(),
          from: { email: draft.from.trim(), ...(draft.fromName.trim() ? { name: draft.fromName.trim() } : {}) },
          ...(draft.replyTo.trim() ? { reply: draft.replyTo.trim() } : {}),
          subject: `[TEST] ${draft.subject}`,
          body: draft.body,
        },
      }),
    // An email sent (figures, feed, outbox), and the address joins the contacts if it was not one.
    meta: { invalidates: [...sendEffects(projectId), contactQueries.all(projectId)], errorShownInline: true },
  });
  const { reset } = send;

  useEffect(() => {
    if (open) {
      reset();
      setTo((current) => current || defaultEmail);
    }
  }, [open, reset, defaultEmail]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  const error = send.error;
  const toError = fieldError(error, 'to');
  const noSender = draft.from.trim() === '';
  const capture = config.data?.mailTransport === 'capture';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Send a test email"
      footer={
        send.isSuccess ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form="send-test-form" loading={send.isPending} disabled={noSender}>
              Send test
            </Button>
          </>
        )
      }
    >
      {send.isSuccess ? (
        <div className="flex items-start gap-3 text-sm text-slate-700" role="status">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
          <div>
            <p className="font-medium text-slate-900">Test sent to {to.trim()}.</p>
            {capture ? (
              <p className="mt-1">
                This server keeps mail instead of delivering it: find the message in the{' '}
                <TextLink to={link('outbox')}>outbox</TextLink>.
              </p>
            ) : (
              <p className="mt-1">It should arrive within a minute.</p>
            )}
          </div>
        </div>
      ) : (
        <form id="send-test-form" onSubmit={submit} noValidate className="space-y-4">
          <p className="text-sm text-slate-600">
            Sends what is in the editor now, saved or not, with the subject marked <strong>[TEST]</strong>. Variables
            are filled from the contact with this address, if there is one.
          </p>
          {noSender && (
            <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Set a From address under Sender first: a test needs a sender on a verified domain.
            </p>
          )}
          {error && !toError && <FormError error={error} />}
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
            label="Send to"
            type="email"
            required
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={toError}
            autoComplete="email"
          />
        </form>
      )}
    </Dialog>
  );
}
