/** The Overview's sending help: the curl snippet to send from code, and a test email sent from here. */
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
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
import { APP_NAME } from '../../lib/use-page-title.ts';
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
  const { t } = useTranslation();
  const { project, to } = useProject();
  const me = useMe();
  const from = useSuggestedFrom();
  const snippet = curlSnippet({ baseUrl: window.location.origin, from, to: me.data?.email ?? 'you@example.com' });
  return (
    <Card title={t('Send from your code')} actions={<CopyButton value={snippet} label={t('Copy snippet')} />}>
      <p className="mb-3 text-sm text-slate-600">
        <Trans
          i18nKey="Set <variable/> to this project's secret key (<key/>) and run:"
          components={{
            variable: <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">{KEY_VARIABLE}</code>,
            key: <code className="font-mono text-xs">{maskedKey(project.secretKeyHint)}</code>,
          }}
        />
      </p>
      <pre
        data-testid="quick-start-snippet"
        className="overflow-x-auto rounded-md bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100"
      >
        {snippet}
      </pre>
      <p className="mt-3 text-xs text-slate-500">
        <Trans
          i18nKey="Lost the secret key? It is shown only once; rotate it in <keys>Settings → API keys</keys>."
          components={{
            keys: <Link to={to('settings', 'keys')} className="font-medium text-brand-700 hover:underline" />,
          }}
        />
      </p>
    </Card>
  );
}

/** Sends a test email (to the signed-in person by default) and links to it in the outbox. */
export function SendTest() {
  const { t } = useTranslation();
  const scope = useProject();
  const me = useMe();
  const config = useServerConfig();
  const capture = config.data?.mailTransport === 'capture';
  const send = useAction(emailMutations.send(scope), {
    inline: true,
    onSuccess: (_sent, body) => toast(t('Test email sent to {address}.', { address: body.to })),
  });
  // The defaults follow what is known (the person's address, the project's domains) until something is typed.
  const d = useDraft(
    { to: me.data?.email ?? '', from: useSuggestedFrom() },
    {
      save: send,
      // The test is written in the sender's language: they are the one who reads it.
      toBody: (draft) => ({ ...draft, subject: t('Test email from {brand}', { brand: APP_NAME }), body: testBody(t) }),
      sends: true,
    },
  );
  const emailId = send.data?.data.emails[0]?.email;
  return (
    <section id="send-test" className="scroll-mt-6">
      <Card title={t('Send a test email')}>
        <form onSubmit={d.submit} className="space-y-3" noValidate>
          <FormError error={d.formError} />
          <TextInput label={t('To')} type="email" {...d.text('to')} />
          <TextInput
            label={t('From')}
            type="email"
            {...d.text('from')}
            hint={
              capture ? (
                t('This server captures mail, so any sender works.')
              ) : (
                <Trans
                  i18nKey="Must be on a <domains>verified domain</domains>."
                  components={{ domains: <Link to={scope.to('domains')} className="text-brand-700 hover:underline" /> }}
                />
              )
            }
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={d.saving} icon={<Send className="size-4" aria-hidden />}>
              {t('Send test')}
            </Button>
            {emailId && (
              <p role="status" className="text-sm text-slate-600">
                {t('Sent.')}{' '}
                {capture && (
                  <Link to={scope.to('outbox', emailId)} className="font-medium text-brand-700 hover:underline">
                    {t('View it in the outbox')}
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

/** The test email's HTML, in the dashboard's language (the messages are ours: no escaping needed). */
function testBody(t: (message: string, values?: Record<string, string>) => string): string {
  return (
    `<h1 style="font-size:20px">${t('It works!')}</h1><p>` +
    t('This test email was sent from the {brand} dashboard. If you can read it, your project is ready to send.', {
      brand: `<strong>${APP_NAME}</strong>`,
    }) +
    '</p>'
  );
}
