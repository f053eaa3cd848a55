/** The steps an execution ran, in order: status, time, attempts, error and output; then the step it is at. */

import { Trans, useTranslation } from 'react-i18next';
import { JsonBlock } from '../../../components/CodeBlock.tsx';
import { Badge } from '../../../components/Layout.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { isActive } from '../../../queries/executions.ts';
import {
  EXECUTION_STATUS,
  type Execution,
  STEP_RUN_STATUS,
  stepTitle,
  stepTypeLabel,
  type Workflow,
} from '../model.ts';
import { StepIcon } from '../parts.tsx';
import { formatDuration, whereNow } from './where-now.ts';

export function StepHistory({ execution: e, workflow }: { execution: Execution; workflow: Workflow }) {
  const { t } = useTranslation();
  const byId = new Map(workflow.steps.map((s) => [s.id, s]));
  const current = e.currentStepId ? byId.get(e.currentStepId) : undefined;
  if (e.steps.length === 0 && !current) return <p className="text-sm text-slate-500">{t('No step has run yet.')}</p>;
  return (
    <ol aria-label={t('Step history')} className="relative space-y-4 border-l border-slate-200 pl-5">
      {e.steps.map((run, i) => {
        const step = byId.get(run.stepId);
        const title = step ? stepTitle(step) : t('{step} (deleted)', { step: stepTypeLabel(run.stepType) });
        const took = Date.parse(run.finishedAt) - Date.parse(run.startedAt);
        const hasOutput = Object.keys(run.output).length > 0;
        return (
          <li key={run.id} className="relative">
            <span className="absolute top-0.5 -left-[1.95rem]">
              <StepIcon type={run.stepType} size="sm" />
            </span>
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-semibold text-slate-900">
                <span className="sr-only">{t('Step {number}:', { number: i + 1 })} </span>
                {title}
              </span>
              <StatusBadge looks={STEP_RUN_STATUS} status={run.status} />
              {run.attempts > 1 && (
                <Badge tone="yellow">
                  {t('{count, plural, one {# attempt} other {# attempts}}', { count: run.attempts })}
                </Badge>
              )}
            </div>
            <p className="mt-0.5 text-xs text-slate-500">
              <Trans
                i18nKey="<time>{started}</time> · took {duration}"
                values={{ started: formatDateTime(run.startedAt), duration: formatDuration(took) }}
                components={{ time: <time dateTime={run.startedAt} /> }}
              />
            </p>
            {run.error && <p className="mt-1.5 rounded-md bg-red-50 px-2.5 py-1.5 text-xs text-red-700">{run.error}</p>}
            {hasOutput && (
              <details className="mt-1.5">
                <summary className="cursor-pointer text-xs font-medium text-slate-600 hover:text-slate-900">
                  {t('Output')}
                </summary>
                <div className="mt-1">
                  <JsonBlock label={t('Output of {step}', { step: title })} value={run.output} />
                </div>
              </details>
            )}
          </li>
        );
      })}
      {current && isActive(e.status) && (
        <li className="relative">
          <span className="absolute top-0.5 -left-[1.95rem]">
            <StepIcon type={current.type} size="sm" />
          </span>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold text-slate-900">{stepTitle(current)}</span>
            <StatusBadge looks={EXECUTION_STATUS} status={e.status} />
          </div>
          <p className="mt-0.5 text-xs text-slate-500">{whereNow(e, workflow)}</p>
        </li>
      )}
    </ol>
  );
}
