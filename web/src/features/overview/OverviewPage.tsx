import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CheckCircle2, Circle, Send } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { fieldError } from '../../api/client.ts';
import { useMe, useServerConfig } from '../../api/session.ts';
import { projectKey, useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { TextInput } from '../../components/Field.tsx';
import { Card, PageHeader, Stat } from '../../components/Layout.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { useToast } from '../../components/Toast.tsx';
import { formatDate, formatDateTime, formatNumber, formatPercent } from '../../lib/format.ts';
import { useDomains } from '../domains/queries.ts';
import { type ChecklistItem, checklist, nextStep, progressPercent } from './checklist.ts';
import { setupStateKey, useContactCount, useLast30Days, useSetupState } from './queries.ts';
import { curlSnippet, KEY_VARIABLE, maskedKey } from './snippet.ts';

/** The project's home: what is left to set up, how mail is doing, and how to send from code. */
export function OverviewPage() {
  const { project } = useProject();
  return (
    <>
      <PageHeader title="Overview" description={`How ${project.name} is doing, and what to do next.`} />
      <div className="space-y-6">
        <SetupChecklist />
        <KeyFigures />
        <div className="grid gap-6 xl:grid-cols-5">
          <div className="xl:col-span-3">
            <QuickStart />
          </div>
          <div className="xl:col-span-2">
            <SendTest />
          </div>
        </div>
      </div>
    </>
  );
}

function SetupChecklist() {
  const state = useSetupState();
  const { to } = useProject();
  if (state.isPending) {
    return (
      <Card title="Get set up">
        <div role="status" aria-label="Loading the setup steps" className="space-y-3">
          <Skeleton className="h-2 w-full" />
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      </Card>
    );
  }
  if (state.isError) return <ErrorState error={state.error} retry={() => state.refetch()} />;
  const items = checklist(state.data.steps);
  const percent = progressPercent(items);
  const next = nextStep(items);
  const done = items.filter((i) => i.done).length;
  if (!next) {
    return (
      <section
        aria-labelledby="setup-done"
        className="flex items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
      >
        <CheckCircle2 className="size-5 text-emerald-600" aria-hidden />
        <h2 id="setup-done" className="font-medium">
          Setup complete: all {items.length} steps are done.
        </h2>
      </section>
    );
  }
  const href = (item: ChecklistItem) => (item.href.startsWith('#') ? item.href : to(item.href));
  return (
    <Card
      title="Get set up"
      actions={
        <span className="text-sm text-slate-500">
          {done} of {items.length} done
        </span>
      }
    >
      <ProgressBar
        label="Setup progress"
        value={percent}
        valueText={`${done} of ${items.length} steps done`}
        className="mb-4"
      />
      <ol aria-label="Setup steps" className="divide-y divide-slate-100">
        {items.map((item) => {
          const isNext = item === next;
          return (
            <li
              key={item.key}
              data-step={item.key}
              data-done={item.done}
              className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0"
            >
              {item.done ? (
                <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-label="Done" />
              ) : (
                <Circle
                  className={`size-5 shrink-0 ${isNext ? 'text-brand-600' : 'text-slate-300'}`}
                  aria-label="To do"
                />
              )}
              <div className="min-w-0 flex-1">
                <div className={`text-sm font-medium ${item.done ? 'text-slate-500 line-through' : 'text-slate-900'}`}>
                  {item.title}
                </div>
                <div className="text-xs text-slate-500">
                  {item.done ? `Done ${formatDateTime(item.at)}` : item.description}
                </div>
              </div>
              {!item.done &&
                (item.href.startsWith('#') ? (
                  <a href={href(item)} className={linkClass(isNext)}>
                    {item.action}
                    <ArrowRight className="size-3.5" aria-hidden />
                  </a>
                ) : (
                  <Link to={href(item)} className={linkClass(isNext)}>
                    {item.action}
                    <ArrowRight className="size-3.5" aria-hidden />
                  </Link>
                ))}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

function linkClass(primary: boolean) {
  return primary
    ? 'inline-flex shrink-0 items-center gap-1 rounded-md bg-brand-600 px-2.5 py-1.5 text-xs font-medium text-white hover:bg-brand-700'
    : 'inline-flex shrink-0 items-center gap-1 rounded-md px-2.5 py-1.5 text-xs font-medium text-brand-700 hover:bg-brand-50';
}

function KeyFigures() {
  const series = useLast30Days();
  const contacts = useContactCount();
  const totals = series.data?.totals;
  const rate = (n: number | undefined) => (totals && totals.sent > 0 && n !== undefined ? n / totals.sent : null);
  const figure = (loading: boolean, value: string) => (loading ? <Skeleton className="mt-1 h-8 w-20" /> : value);
  const tickFormat = (iso: string) =>
    new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }).format(new Date(iso));
  return (
    <section aria-labelledby="figures-heading" className="space-y-3">
      <h2 id="figures-heading" className="text-sm font-semibold text-slate-900">
        Last 30 days
      </h2>
      {series.isError && <ErrorState error={series.error} retry={() => series.refetch()} />}
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat
          label="Contacts"
          value={figure(contacts.isPending, contacts.isError ? '—' : formatNumber(contacts.data))}
          hint="In this project"
        />
        <Stat
          label="Emails sent"
          value={figure(series.isPending, formatNumber(totals?.sent ?? 0))}
          hint="Every source"
        />
        <Stat
          label="Open rate"
          value={figure(series.isPending, formatPercent(rate(totals?.opened)))}
          hint={totals ? `${formatNumber(totals.opened)} opened` : 'Unique opens'}
        />
        <Stat
          label="Click rate"
          value={figure(series.isPending, formatPercent(rate(totals?.clicked)))}
          hint={totals ? `${formatNumber(totals.clicked)} clicked` : 'Unique clicks'}
        />
      </div>
      <Card title="Emails per day">
        <div
          className="relative h-48"
          role="img"
          aria-label="Emails sent, opened and clicked per day over the last 30 days"
        >
          {totals?.sent === 0 && (
            <p className="absolute inset-0 z-10 flex items-center justify-center text-sm text-slate-500">
              No emails in the last 30 days yet.
            </p>
          )}
          {series.isPending ? (
            <Skeleton className="h-full w-full" />
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={series.data?.data ?? []} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
                <XAxis
                  dataKey="start"
                  tickFormatter={tickFormat}
                  tick={{ fontSize: 11, fill: '#64748b' }}
                  tickLine={false}
                  axisLine={false}
                  minTickGap={24}
                />
                <YAxis
                  allowDecimals={false}
                  tick={{ fontSize: 11, fill: '#64748b' }}
                  tickLine={false}
                  axisLine={false}
                />
                <Tooltip
                  labelFormatter={(label) => formatDate(String(label))}
                  contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: '#e2e8f0' }}
                />
                <Area type="monotone" dataKey="sent" name="Sent" stroke="#4f46e5" fill="#4f46e5" fillOpacity={0.12} />
                <Area
                  type="monotone"
                  dataKey="opened"
                  name="Opened"
                  stroke="#059669"
                  fill="#059669"
                  fillOpacity={0.1}
                />
                <Area
                  type="monotone"
                  dataKey="clicked"
                  name="Clicked"
                  stroke="#d97706"
                  fill="#d97706"
                  fillOpacity={0.1}
                />
              </AreaChart>
            </ResponsiveContainer>
          )}
        </div>
      </Card>
    </section>
  );
}

/** An address on the project's first verified domain, else a placeholder to replace. */
function useSuggestedFrom(): string {
  const domains = useDomains();
  const verified = domains.data?.find((d) => d.verified) ?? domains.data?.[0];
  return verified ? `hello@${verified.domain}` : 'hello@yourdomain.com';
}

function QuickStart() {
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

function SendTest() {
  const { api, projectId, to } = useProject();
  const me = useMe();
  const config = useServerConfig();
  const queryClient = useQueryClient();
  const toast = useToast();
  const suggestedFrom = useSuggestedFrom();
  const [recipient, setRecipient] = useState('');
  const [from, setFrom] = useState('');
  // Fill in the defaults once they are known, without overwriting what the user typed.
  useEffect(() => {
    if (me.data?.email) setRecipient((r) => r || me.data!.email);
  }, [me.data]);
  useEffect(() => setFrom((f) => (f && f !== 'hello@yourdomain.com' ? f : suggestedFrom)), [suggestedFrom]);
  const capture = config.data?.mailTransport === 'capture';
  const send = useMutation({
    mutationFn: () =>
      api.post('/v1/send', {
        body: {
          to: recipient,
          from,
          subject: 'Test email from Mailwright',
          body: TEST_BODY,
        },
      }),
    onSuccess: () => {
      toast(`Test email sent to ${recipient}.`);
      queryClient.invalidateQueries({ queryKey: setupStateKey(projectId) });
      queryClient.invalidateQueries({ queryKey: projectKey(projectId, 'overview') });
      // Delivery runs in the background: count the send again once it has been handed over.
      setTimeout(() => queryClient.invalidateQueries({ queryKey: projectKey(projectId, 'overview') }), 3000);
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
