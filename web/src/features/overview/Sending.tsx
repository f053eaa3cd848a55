/** The Overview's sending help: the curl snippet to send from code, and a test email sent from here. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fieldError } from '../../api/client.ts';
import { useMe, useServerConfig } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { analyticsQueries } from '../../queries/analytics.ts';
import { domainQueries } from '../../queries/domains.ts';
import { sendEffects } from '../../queries/overview.ts';
import { curlSnippet, KEY_VARIABLE, maskedKey } from './snippet.ts';

const PLACEHOLDER_FROM = 'hello@yourdomain.com';

/** An address on the project's first verified domain (else its first), or a placeholder to replace. */
function useSuggestedFrom(): string {
  const domains = useQuery(domainQueries.list(useProject()));
  const domain = domains.data?.find((d) => d.verified) ?? domains.data?.[0];
  return domain ? `hello@${domain.domain}` : PLACEHOLDER_FROM;
}

export function QuickStart() {
  const { project, to } = useProject();
  const me = useMe();
  const from = useSuggestedFrom();
  const snippet = curlSnippet({ baseUrl: window.location.origin, from, to: me.data?.email ?? 'you@example.com' });
  return (
    <Card title="Send from your code" actions={<CopyButton value={snippet} label="Copy snippet" />}>
      <p className="mb-3 text-sm text-slate-600">
        Set <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">{KEY_VARIABLE}</code> to this project's secret
        key (<code className="font-mono text-xs">{maskedKey(project.secretKeyHint)}</code>) and run:
      </p>
      <pre
        data-testid="quick-start-snippet"
        className="overflow-x-auto rounded-md bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100"
      >
        {snippet}
      </pre>
      <p className="mt-3 text-xs text-slate-500">
        Lost the secret key? It is shown only once; rotate it in{' '}
        <Link to={to('settings', 'keys')} className="font-medium text-brand-700 hover:underline">
          Settings → API keys
        </Link>
        .
      </p>
    </Card>
  );
}

/** Sends a test email (to the signed-in person by default) and links to it in the outbox. */
export function SendTest() {
  const { api, projectId, to } = useProject();
  const me = useMe();
  const config = useServerConfig();
  const queryClient = useQueryClient();
  const suggestedFrom = useSuggestedFrom();
  const [recipient, setRecipient] = useState('');
  const [from, setFrom] = useState('');
  // Fill in the defaults once they are known, without overwriting what the person typed.
  useEffect(() => {
    if (me.data?.email) setRecipient((r) => r || me.data!.email);
  }, [me.data]);
  useEffect(() => setFrom((f) => (f && f !== PLACEHOLDER_FROM ? f : suggestedFrom)), [suggestedFrom]);
  const capture = config.data?.mailTransport === 'capture';
  const send = useMutation({
    mutationFn: () =>
      api.post('/v1/send', { body: { to: recipient, from, subject: 'Test email from Mailwright', body: TEST_BODY } }),
    meta: { invalidates: sendEffects(projectId), errorShownInline: true },
    onSuccess: () => {
      toast(`Test email sent to ${recipient}.`);
      // Delivery runs in the background: count the send again once it has been handed over.
      setTimeout(() => queryClient.invalidateQueries({ queryKey: analyticsQueries.all(projectId) }), 3000);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  const emailId = send.data?.data.emails[0]?.email;
  const formLevel = send.error && !fieldError(send.error, 'to') && !fieldError(send.error, 'from') ? send.error : null;
  return (
    <section id="send-test" className="scroll-mt-6">
      <Card title="Send a test email">
        <form onSubmit={submit} className="space-y-3" noValidate>
          <FormError error={formLevel} />
          <TextInput
            label="To"
            type="email"
            value={recipient}
            onChange={(e) => setRecipient(e.target.value)}
            error={fieldError(send.error, 'to')}
          />
          <TextInput
            label="From"
            type="email"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            error={fieldError(send.error, 'from')}
            hint={
              capture ? (
                'This server captures mail, so any sender works.'
              ) : (
                <>
                  Must be on a{' '}
                  <Link to={to('domains')} className="text-brand-700 hover:underline">
                    verified domain
                  </Link>
                  .
                </>
              )
            }
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={send.isPending} icon={<Send className="size-4" aria-hidden />}>
              Send test
            </Button>
            {emailId && (
              <p role="status" className="text-sm text-slate-600">
                Sent.{' '}
                {capture && (
                  <Link to={to('outbox', emailId)} className="font-medium text-brand-700 hover:underline">
                    View it in the outbox
                  </Link>
                )}
              </p>
            )}
          </div>
        </form>
      </Card>
    </section>
  );
}

const TEST_BODY =
  '<h1 style="font-size:20px">It works!</h1><p>This test email was sent from the <strong>Mailwright</strong> dashboard. ' +
  'If you can read it, your project is ready to send.</p>';
