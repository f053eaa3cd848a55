/** The Overview's sending help: the curl snippet to send from code, and a test email sent from here. */
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { Link } from 'react-router';
import { useMe, useServerConfig } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { domainQueries } from '../../queries/domains.ts';
import { emailMutations } from '../../queries/emails.ts';
import { useAction } from '../../queries/use-action.ts';
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
  const scope = useProject();
  const me = useMe();
  const config = useServerConfig();
  const capture = config.data?.mailTransport === 'capture';
  const send = useAction(emailMutations.send(scope), {
    inline: true,
    onSuccess: (_sent, body) => toast(`Test email sent to ${body.to}.`),
  });
  // The defaults follow what is known (the person's address, the project's domains) until something is typed.
  const d = useDraft(
    { to: me.data?.email ?? '', from: useSuggestedFrom() },
    {
      save: send,
      toBody: (draft) => ({ ...draft, subject: 'Test email from Mailwright', body: TEST_BODY }),
      sends: true,
    },
  );
  const emailId = send.data?.data.emails[0]?.email;
  return (
    <section id="send-test" className="scroll-mt-6">
      <Card title="Send a test email">
        <form onSubmit={d.submit} className="space-y-3" noValidate>
          <FormError error={d.formError} />
          <TextInput label="To" type="email" {...d.text('to')} />
          <TextInput
            label="From"
            type="email"
            {...d.text('from')}
            hint={
              capture ? (
                'This server captures mail, so any sender works.'
              ) : (
                <>
                  Must be on a{' '}
                  <Link to={scope.to('domains')} className="text-brand-700 hover:underline">
                    verified domain
                  </Link>
                  .
                </>
              )
            }
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={d.saving} icon={<Send className="size-4" aria-hidden />}>
              Send test
            </Button>
            {emailId && (
              <p role="status" className="text-sm text-slate-600">
                Sent.{' '}
                {capture && (
                  <Link to={scope.to('outbox', emailId)} className="font-medium text-brand-700 hover:underline">
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
