import { useQuery } from '@tanstack/react-query';
import { CreditCard, ExternalLink } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
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
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { useSearchParamState } from '../../lib/url-state.ts';
import { billingMutations, billingQueries, type Limits, type LimitsBody } from '../../queries/billing.ts';
import { useAction } from '../../queries/use-action.ts';
import { Invoices } from './Invoices.tsx';
import { levelOf, usageRatio } from './usage.ts';

type Category = keyof Limits;

/**
 * The kinds of sending billed apart, with their words: each phrase whole (a bar's name, a cap's
 * label), so a language puts the kind where it belongs. What counts is said in words (`help`) or
 * by its endpoint, which stays as it is.
 */
const CATEGORIES: Array<{
  key: Category;
  label: string;
  help?: string;
  endpoint?: string;
  bar: string;
  cap: string;
}> = [
  {
    key: 'transactional',
    label: msg('Transactional'),
    endpoint: 'POST /v1/send',
    bar: msg('Transactional emails against the cap'),
    cap: msg('Transactional cap'),
  },
  {
    key: 'marketing',
    label: msg('Marketing'),
    help: msg('Campaigns'),
    bar: msg('Marketing emails against the cap'),
    cap: msg('Marketing cap'),
  },
  {
    key: 'workflow',
    label: msg('Workflow'),
    help: msg('Workflow email steps'),
    bar: msg('Workflow emails against the cap'),
    cap: msg('Workflow cap'),
  },
];

/** Settings → Billing (only when the server has billing): plan, this period's use against the caps, invoices. */
export function BillingSettings() {
  const { t } = useTranslation();
  const config = useServerConfig();
  if (config.isPending) return <LoadingRows rows={3} label={t('Loading billing')} />;
  if (config.isError) return <ErrorState error={config.error} retry={() => config.refetch()} />;
  if (!config.data.billing) {
    return (
      <EmptyState
        icon={<CreditCard className="size-8" aria-hidden />}
        title={t('Billing is not enabled on this server')}
        description={t('Sending is not metered here. Whoever runs this server can turn billing on with a Stripe key.')}
      />
    );
  }
  return <Billing />;
}

function Billing() {
  const { t } = useTranslation();
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
      checkout === 'success'
        ? i18n.t('Thanks! Your subscription is being set up.')
        : i18n.t('Checkout cancelled: nothing changed.'),
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
      <Card title={t('Subscription', { context: 'billing' })}>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="max-w-xl text-sm text-slate-600">
            {t(
              'Payments are handled by Stripe. Subscribe to a plan, or manage your payment method, plan and invoices in the billing portal.',
            )}
          </p>
          {manage ? (
            <div className="flex gap-2">
              <Button
                onClick={() => go.mutate('checkout')}
                loading={go.isPending && go.variables === 'checkout'}
                icon={<CreditCard className="size-4" aria-hidden />}
              >
                {t('Subscribe', { context: 'plan' })}
              </Button>
              <Button
                variant="secondary"
                onClick={() => go.mutate('portal')}
                loading={go.isPending && go.variables === 'portal'}
                icon={<ExternalLink className="size-4" aria-hidden />}
              >
                {t('Open billing portal')}
              </Button>
            </div>
          ) : (
            <PermissionNotice permission="billing.manage" className="">
              {t('Your role does not let you manage the subscription.')}
            </PermissionNotice>
          )}
        </div>
        <div className="mt-3">
          <FormError error={go.error} />
        </div>
      </Card>

      <Card
        title={t('This billing period')}
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
        <ul aria-label={t('Emails sent this period')} className="space-y-4">
          {CATEGORIES.map((c) => (
            <UsageBar
              key={c.key}
              label={t(c.label)}
              help={c.endpoint ?? t(c.help ?? '')}
              bar={t(c.bar)}
              used={consumption.data?.[c.key]}
              cap={limits.data ? limits.data[c.key] : undefined}
            />
          ))}
        </ul>
        {consumption.data && (
          <p className="mt-4 text-sm text-slate-600">
            {t('{total, plural, one {# email in total this period.} other {# emails in total this period.}}', {
              total: consumption.data.total,
            })}
          </p>
        )}
      </Card>

      {limits.data && <LimitsForm limits={limits.data} editable={manage} />}
      {limits.isPending && <Skeleton className="h-48 w-full" />}

      {manage && <Invoices />}
    </div>
  );
}

function UsageBar({
  label,
  help,
  bar,
  used,
  cap,
}: {
  label: string;
  help: string;
  /** The bar's name: "Marketing emails against the cap". */
  bar: string;
  used?: number;
  cap?: number | null;
}) {
  const { t } = useTranslation();
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
            {cap === null
              ? t('{used} sent · no cap', { used: formatNumber(used) })
              : t('{used} of {cap}', { used: formatNumber(used), cap: formatNumber(cap) })}
          </span>
        )}
      </div>
      <ProgressBar
        label={bar}
        value={loading ? undefined : cap === null ? (used ? 100 : 0) : Math.round((ratio ?? 0) * 100)}
        valueText={
          loading
            ? t('Loading')
            : cap === null
              ? t('No cap')
              : t('{percent} %', { percent: formatNumber(Math.round((ratio ?? 0) * 100)) })
        }
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
    ? i18n.t('Enter a whole number of emails, or leave it empty for no cap.')
    : undefined;

function LimitsForm({ limits, editable }: { limits: Limits; editable: boolean }) {
  const { t } = useTranslation();
  const save = useAction(billingMutations.saveLimits(useProject()), {
    inline: true,
    onSuccess: () => toast(t('Limits saved.')),
  });
  const d = useDraft(limitsDraftOf(limits), {
    save,
    // Never words: the check below stops the save first.
    toBody: (draft) =>
      Object.fromEntries(
        CATEGORIES.map(({ key }) => [key, optionalInteger(draft[key]) as number | null]),
      ) as LimitsBody,
    check: (draft) => Object.fromEntries(CATEGORIES.map(({ key }) => [key, notACap(draft[key])])),
    leaveMessage: t('Your sending limits are not saved yet. Leave and lose them?'),
  });
  return (
    <Card title={t('Sending limits')}>
      <p className="mb-4 text-sm text-slate-600">
        {t(
          'Cap how many emails each kind of sending may use per billing period, so a bug or a big list never runs up the bill. Sends past a cap are refused. Leave a field empty for no cap.',
        )}
      </p>
      <PermissionNotice permission="billing.manage">
        {t('Your role does not let you change the limits.')}
      </PermissionNotice>
      <DraftForm draft={d} editable={editable} submitLabel={t('Save limits')} className="space-y-4">
        <div className="grid gap-4 lg:grid-cols-3">
          {CATEGORIES.map((c) => (
            <TextInput key={c.key} label={t(c.cap)} inputMode="numeric" placeholder={t('No cap')} {...d.text(c.key)} />
          ))}
        </div>
      </DraftForm>
    </Card>
  );
}
