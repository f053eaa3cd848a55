/**
 * A sent campaign's A/B test: its phase (testing, waiting with the time left until an automatic
 * decision, sending the winner, done), the winner, and the variants' results as a table and as bars
 * (open and click rate each). While a test decided by hand waits, each variant can be chosen as the
 * winner, after a last question.
 */
import { useQuery } from '@tanstack/react-query';
import { Check, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { CancelAnd, Dialog } from '../../components/Dialog.tsx';
import { Badge, Card } from '../../components/Layout.tsx';
import { ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { cx } from '../../lib/cx.ts';
import { formatDateTime, formatNumber, formatPercent } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { useNow } from '../../lib/use-now.ts';
import {
  type AbTest,
  type Campaign,
  campaignMutations,
  campaignQueries,
  type VariantStats,
} from '../../queries/campaigns.ts';
import { useAction } from '../../queries/use-action.ts';
import { phaseSentence, phaseSteps, rateScale } from './ab-progress.ts';

const rate = (percent: number) => formatPercent(percent / 100);

export function AbTestSection({ campaign, abTest, live }: { campaign: Campaign; abTest: AbTest; live: boolean }) {
  const { t } = useTranslation();
  const stats = useQuery({ ...campaignQueries.stats(useProject(), campaign.id), refetchInterval: live ? 5000 : false });
  const [choosing, setChoosing] = useState<string | null>(null);
  const canChoose = abTest.decidedBy === 'MANUAL' && abTest.phase === 'WAITING';
  const variants = stats.data?.variants ?? [];
  return (
    <section aria-labelledby="ab-heading" className="space-y-3">
      <h2 id="ab-heading" className="text-base font-semibold text-slate-900">
        {t('A/B test')}
      </h2>
      <Progress abTest={abTest} />
      {stats.isError ? (
        <ErrorState error={stats.error} retry={() => stats.refetch()} />
      ) : !stats.data ? (
        <Skeleton className="h-40" />
      ) : (
        <div className="grid gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <VariantTable variants={variants} onChoose={canChoose ? setChoosing : undefined} />
          <RateBars variants={variants} />
        </div>
      )}
      {choosing && (
        <ChooseWinnerDialog campaign={campaign} abTest={abTest} variant={choosing} onClose={() => setChoosing(null)} />
      )}
    </section>
  );
}

/** The phases in order with the current one marked, a sentence on it, and the winner once there is one. */
function Progress({ abTest }: { abTest: AbTest }) {
  const { t } = useTranslation();
  const counting = abTest.phase === 'WAITING' && abTest.decidedBy === 'AUTO' && Boolean(abTest.decideAt);
  const now = useNow(1000, counting);
  return (
    <Card>
      <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label={t('Test phases')}>
        {phaseSteps(abTest.phase).map((step) => (
          <li
            key={step.id}
            aria-current={step.state === 'current' ? 'step' : undefined}
            className={cx(
              'flex items-center gap-1.5',
              step.state === 'current'
                ? 'font-semibold text-brand-700'
                : step.state === 'done'
                  ? 'text-slate-700'
                  : 'text-slate-500',
            )}
          >
            <span
              aria-hidden
              className={cx(
                'flex size-5 items-center justify-center rounded-full border text-xs',
                step.state === 'done'
                  ? 'border-emerald-600 bg-emerald-600 text-white'
                  : step.state === 'current'
                    ? 'border-brand-600 text-brand-700'
                    : 'border-slate-300',
              )}
            >
              {step.state === 'done' ? <Check className="size-3" /> : null}
            </span>
            {t(step.label)}
            {step.state === 'done' && <span className="sr-only"> {t('(done)')}</span>}
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm text-slate-800" data-testid="ab-phase" role={counting ? 'timer' : undefined}>
        {phaseSentence(abTest, now)}
      </p>
      <p className="mt-1 text-xs text-slate-500">
        {t(
          '{share} of the audience ({count, plural, one {# contact} other {# contacts}}) got the test; the winner is the variant with the best {metric, select, OPENS {open rate} other {click rate}}{decider, select, MANUAL {, chosen by hand} other {}}.',
          {
            share: formatPercent(abTest.testPercent / 100),
            count: abTest.testRecipients,
            metric: abTest.metric,
            decider: abTest.decidedBy,
          },
        )}
        {counting && abTest.decideAt ? ` ${t('Decided at {when}.', { when: formatDateTime(abTest.decideAt) })}` : ''}
      </p>
      {abTest.winner && (
        <p
          className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-emerald-800"
          data-testid="ab-winner"
        >
          <Trophy className="size-4" aria-hidden /> {t('Winner: {name}', { name: abTest.winner })}
        </p>
      )}
    </Card>
  );
}

function VariantTable({ variants, onChoose }: { variants: VariantStats[]; onChoose?: (name: string) => void }) {
  const { t } = useTranslation();
  return (
    <Table<VariantStats>
      caption={t('Results per variant')}
      rows={variants}
      rowKey={(v) => v.name}
      columns={[
        {
          key: 'name',
          header: t('Variant'),
          // The choice sits by the name, so a phone sees it without scrolling the table.
          cell: (v) => (
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
              <span className="inline-flex items-center gap-1.5 font-medium text-slate-900">
                {v.name}
                {v.winner && <Badge tone="green">{t('Winner')}</Badge>}
              </span>
              {onChoose && (
                <Button size="sm" variant="secondary" className="whitespace-nowrap" onClick={() => onChoose(v.name)}>
                  {t('Choose {name}', { name: v.name })}
                </Button>
              )}
            </span>
          ),
        },
        { key: 'sent', header: t('Sent'), className: 'tabular-nums', cell: (v) => formatNumber(v.sent) },
        { key: 'opened', header: t('Opened'), className: 'tabular-nums', cell: (v) => formatNumber(v.opened) },
        { key: 'openRate', header: t('Open rate'), className: 'tabular-nums', cell: (v) => rate(v.openRate) },
        { key: 'clicked', header: t('Clicked'), className: 'tabular-nums', cell: (v) => formatNumber(v.clicked) },
        { key: 'clickRate', header: t('Click rate'), className: 'tabular-nums', cell: (v) => rate(v.clickRate) },
      ]}
    />
  );
}

/** Open and click rate per variant as bars on one scale, each with its figure written beside it. */
function RateBars({ variants }: { variants: VariantStats[] }) {
  const { t } = useTranslation();
  const most = rateScale(variants);
  const bar = (label: string, value: number, color: string) => (
    <div className="grid grid-cols-[4.5rem_minmax(0,1fr)_3.5rem] items-center gap-2 text-xs">
      <span className="text-slate-600">{label}</span>
      <span className="h-3 rounded-r bg-slate-100" aria-hidden>
        <span className={cx('block h-full rounded-r', color)} style={{ width: `${(value / most) * 100}%` }} />
      </span>
      <span className="text-right tabular-nums text-slate-900">{rate(value)}</span>
    </div>
  );
  return (
    <Card title={t('Open and click rate')}>
      <ul className="space-y-3" aria-label={t('Open and click rate per variant')}>
        {variants.map((v) => (
          <li key={v.name} className="space-y-1">
            <p className="flex items-center gap-1.5 text-sm font-medium text-slate-900">
              {v.name}
              {v.winner && (
                <>
                  <Trophy className="size-3.5 text-emerald-700" aria-hidden />
                  <span className="text-xs font-normal text-emerald-800">{t('winner')}</span>
                </>
              )}
            </p>
            {bar(t('Opens'), v.openRate, 'bg-emerald-500')}
            {bar(t('Clicks'), v.clickRate, 'bg-amber-500')}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** "Send A to the rest?": the rest of the audience gets the chosen variant; it cannot be taken back. */
function ChooseWinnerDialog({
  campaign,
  abTest,
  variant,
  onClose,
}: {
  campaign: Campaign;
  abTest: AbTest;
  variant: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const choose = useAction(campaignMutations.winner(useProject(), campaign.id), {
    inline: true,
    onSuccess: () => {
      onClose();
      toast(t('{name} goes to the rest of the audience', { name: variant }));
    },
  });
  const rest = Math.max(0, campaign.totalRecipients - abTest.testRecipients);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('Send {name} to the rest?', { name: variant })}
      footer={
        <CancelAnd onCancel={onClose}>
          <Button onClick={() => choose.mutate({ variant })} loading={choose.isPending}>
            {t('Send {name} to the rest', { name: variant })}
          </Button>
        </CancelAnd>
      }
    >
      <div className="space-y-3 text-sm text-slate-600">
        <p>
          {t(
            '{count, plural, one {The other # contact of the audience gets variant {name}.} other {The other # contacts of the audience get variant {name}.}} Once chosen, the winner cannot be changed.',
            { count: rest, name: variant },
          )}
        </p>
        <FormError error={choose.error} />
      </div>
    </Dialog>
  );
}
