/** The Overview's "Get set up": the setup steps in order, the next one highlighted, with links. */
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CheckCircle2, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Callout } from '../../components/Callout.tsx';
import { Card } from '../../components/Layout.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { cx } from '../../lib/cx.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { setupQueries } from '../../queries/setup.ts';
import { type ChecklistItem, checklist, nextStep, progressPercent } from './checklist.ts';

export function SetupChecklist() {
  const { t } = useTranslation();
  const project = useProject();
  const state = useQuery(setupQueries.state(project));
  if (state.isPending) {
    return (
      <Card title={t('Get set up')}>
        <div role="status" aria-label={t('Loading the setup steps')} className="space-y-3">
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
  const next = nextStep(items);
  const done = items.filter((i) => i.done).length;
  if (!next) {
    return (
      <section aria-labelledby="setup-done">
        <Callout tone="success">
          <h2 id="setup-done" className="font-medium">
            {t('Setup complete: all {count} steps are done.', { count: items.length })}
          </h2>
        </Callout>
      </section>
    );
  }
  return (
    <Card
      title={t('Get set up')}
      actions={
        <span className="text-sm text-slate-500">{t('{done} of {count} done', { done, count: items.length })}</span>
      }
    >
      <ProgressBar
        label={t('Setup progress')}
        value={progressPercent(items)}
        valueText={t('{done} of {count, plural, one {# step} other {# steps}} done', { done, count: items.length })}
        className="mb-4"
      />
      <ol aria-label={t('Setup steps')} className="divide-y divide-slate-100">
        {items.map((item) => (
          <Step key={item.key} item={item} isNext={item === next} />
        ))}
      </ol>
    </Card>
  );
}

function Step({ item, isNext }: { item: ChecklistItem; isNext: boolean }) {
  const { t } = useTranslation();
  const { to } = useProject();
  const className = cx(
    'inline-flex shrink-0 items-center gap-1 rounded-md px-2.5 py-1.5 text-xs font-medium',
    isNext ? 'bg-brand-600 text-white hover:bg-brand-700' : 'text-brand-700 hover:bg-brand-50',
  );
  const label = (
    <>
      {t(item.action)}
      <ArrowRight className="size-3.5" aria-hidden />
    </>
  );
  return (
    <li
      data-step={item.key}
      data-done={item.done}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5 first:pt-0 last:pb-0"
    >
      {item.done ? (
        <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-label={t('Done')} />
      ) : (
        <Circle
          className={cx('size-5 shrink-0', isNext ? 'text-brand-600' : 'text-slate-300')}
          aria-label={t('To do')}
        />
      )}
      <div className="min-w-0 flex-1">
        <div className={cx('text-sm font-medium', item.done ? 'text-slate-500 line-through' : 'text-slate-900')}>
          {t(item.title)}
        </div>
        <div className="text-xs text-slate-500">
          {item.done ? t('Done {when}', { when: formatDateTime(item.at) }) : t(item.description)}
        </div>
      </div>
      {!item.done &&
        // A part of the Overview (#send-test) is a plain anchor; a screen is a router link.
        (item.href.startsWith('#') ? (
          <a href={item.href} className={className}>
            {label}
          </a>
        ) : (
          <Link to={to(item.href)} className={className}>
            {label}
          </Link>
        ))}
    </li>
  );
}
