import { useQuery } from '@tanstack/react-query';
import { CreditCard, ExternalLink } from 'lucide-react';
import { useEffect } from 'react';
import { can, useServerConfig } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { EmptyState, ErrorState, FormError, LoadingRows, Skeleton } from '../../components/States.tsx';
import { DraftForm } from '../../forms/DraftForm.tsx';
import { integerText, optionalInteger } from '../../forms/numbers.ts';
import { useDraft } from '../../forms/use-draft.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { useSearchParamState } from '../../lib/url-state.ts';
import { billingMutations, billingQueries, type Limits, type LimitsBody } from '../../queries/billing.ts';
import { useAction } from '../../queries/use-action.ts';
import { Invoices } from './Invoices.tsx';
import { levelOf, usageRatio } from './usage.ts';

type Category = keyof Limits;

const CATEGORIES: Array<{ key: Category; label: string; help: string }> = [
  { key: 'transactional', label: 'Transactional', help: 'POST /v1/send' },
  { key: 'marketing', label: 'Marketing', help: 'Campaigns' },
  { key: 'workflow', label: 'Workflow', help: 'Workflow email steps' },
];

/** Settings → Billing (only when the server has billing): plan, this period's use against the caps, invoices. */
export function BillingSettings() {
  const config = useServerConfig();
  if (config.isPending) return <LoadingRows rows={3} label="Loading billing" />;
  if (config.isError) return <ErrorState error={config.error} retry={() => config.refetch()} />;
  if (!config.data.billing) {
    return (
      <EmptyState
        icon={<CreditCard className="size-8" aria-hidden />}
        title="Billing is not enabled on this server"
        description="Sending is not metered here. Whoever runs this server can turn billing on with a Stripe key."
      />
    );
  }
  return <Billing />;
}

function Billing() {
  const scope = useProject();
  const { project } = scope;
  const manage = can(project, 'billing.manage');
  const limits = useQuery(billingQueries.limits(scope));
  const consumption = useQuery(billingQueries.consumption(scope));

  // Stripe sends people back here with ?checkout=success|cancelled: said once, then taken off the URL.
  const [checkout, setCheckout] = useSearchParamState('checkout');
  useEffect(() => {
    if (!checkout) return;
    toast(
      checkout === 'success' ? 'Thanks! Your subscription is being set up.' : 'Checkout cancelled: nothing changed.',
      checkout === 'success' ? 'success' : 'error',
    );
    setCheckout(undefined);
  }, [checkout, setCheckout]);

  const go = useAction(billingMutations.stripePage(scope), {
    inline: true,
    onSuccess: ({ url }) => window.location.assign(url),
  });

  return (
    <div className="space-y-6">
      <Card title="Subscription">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="max-w-xl text-sm text-slate-600">
            Payments are handled by Stripe. Subscribe to a plan, or manage your payment method, plan and invoices in the
            billing portal.
          </p>
          {manage ? (
            <div className="flex gap-2">
              <Button
                onClick={() => go.mutate('checkout')}
                loading={go.isPending && go.variables === 'checkout'}
                icon={<CreditCard className="size-4" aria-hidden />}
              >
                Subscribe
              </Button>
              <Button
                variant="secondary"
                onClick={() => go.mutate('portal')}
                loading={go.isPending && go.variables === 'portal'}
                icon={<ExternalLink className="size-4" aria-hidden />}
              >
                Open billing portal
              </Button>
            </div>
          ) : (
            <PermissionNotice permission="billing.manage" acts="manage the subscription" className="" />
          )}
        </div>
        <div className="mt-3">
          <FormError error={go.error} />
        </div>
      </Card>

      <Card
        title="This billing period"
        actions={
          consumption.data && (
            <span className="text-xs text-slate-500">
              {formatDate(consumption.data.periodStart)} –{' '}
              {formatDate(new Date(Date.parse(consumption.data.periodEnd) - 1).toISOString())}
            </span>
          )
        }
      >
        {(consumption.isError || limits.isError) && (
          <ErrorState
            error={consumption.error ?? limits.error}
            retry={() => {
              consumption.refetch();
              limits.refetch();
            }}
          />
        )}
        <ul aria-label="Emails sent this period" className="space-y-4">
          {CATEGORIES.map((c) => (
            <UsageBar
              key={c.key}
              label={c.label}
              help={c.help}
              used={consumption.data?.[c.key]}
              cap={limits.data ? limits.data[c.key] : undefined}
            />
          ))}
        </ul>
        {consumption.data && (
          <p className="mt-4 text-sm text-slate-600">
            {formatNumber(consumption.data.total)} emails in total this period.
          </p>
        )}
      </Card>

      {limits.data && <LimitsForm limits={limits.data} editable={manage} />}
      {limits.isPending && <Skeleton className="h-48 w-full" />}

      {manage && <Invoices />}
    </div>
  );
}

function UsageBar({ label, help, used, cap }: { label: string; help: string; used?: number; cap?: number | null }) {
  const loading = used === undefined || cap === undefined;
  const ratio = loading ? null : usageRatio(used, cap);
  const level = levelOf(ratio);
  return (
    <li>
      <div className="mb-1 flex items-baseline justify-between gap-2 text-sm">
        <span>
          <span className="font-medium text-slate-900">{label}</span>{' '}
          <span className="text-xs text-slate-500">{help}</span>
        </span>
        {loading ? (
          <Skeleton className="h-4 w-24" />
        ) : (
          <span className="tabular-nums text-slate-700">
            {formatNumber(used)} {cap === null ? 'sent · no cap' : `of ${formatNumber(cap)}`}
          </span>
        )}
      </div>
      <ProgressBar
        label={`${label} emails against the cap`}
        value={loading ? undefined : cap === null ? (used ? 100 : 0) : Math.round((ratio ?? 0) * 100)}
        valueText={loading ? 'Loading' : cap === null ? 'No cap' : `${Math.round((ratio ?? 0) * 100)} %`}
        tone={cap === null ? 'gray' : level === 'ok' ? 'brand' : level === 'warn' ? 'amber' : 'red'}
      />
    </li>
  );
}

type LimitsDraft = Record<Category, string>;

const limitsDraftOf = (limits: Limits): LimitsDraft => ({
  transactional: integerText(limits.transactional),
  marketing: integerText(limits.marketing),
  workflow: integerText(limits.workflow),
});

const notACap = (text: string) =>
  typeof optionalInteger(text) === 'string'
    ? 'Enter a whole number of emails, or leave it empty for no cap.'
    : undefined;

function LimitsForm({ limits, editable }: { limits: Limits; editable: boolean }) {
  const save = useAction(billingMutations.saveLimits(useProject()), {
    inline: true,
    onSuccess: () => toast('Limits saved.'),
  });
  const d = useDraft(limitsDraftOf(limits), {
    save,
    // Never words: the check below stops the save first.
    toBody: (draft) =>
      Object.fromEntries(
        CATEGORIES.map(({ key }) => [key, optionalInteger(draft[key]) as number | null]),
      ) as LimitsBody,
    check: (draft) => Object.fromEntries(CATEGORIES.map(({ key }) => [key, notACap(draft[key])])),
    leaveMessage: 'Your sending limits are not saved yet. Leave and lose them?',
  });
  return (
    <Card title="Sending limits">
      <p className="mb-4 text-sm text-slate-600">
        Cap how many emails each kind of sending may use per billing period, so a bug or a big list never runs up the
        bill. Sends past a cap are refused. Leave a field empty for no cap.
      </p>
      <PermissionNotice permission="billing.manage" acts="change the limits" />
      <DraftForm draft={d} editable={editable} submitLabel="Save limits" className="space-y-4">
        <div className="grid gap-4 lg:grid-cols-3">
          {CATEGORIES.map((c) => (
            <TextInput
              key={c.key}
              label={`${c.label} cap`}
              inputMode="numeric"
              placeholder="No cap"
              {...d.text(c.key)}
            />
          ))}
        </div>
      </DraftForm>
    </Card>
  );
}
