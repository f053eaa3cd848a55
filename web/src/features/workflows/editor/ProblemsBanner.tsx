/** The list of a refused enable's or edit's graph problems above the canvas; a step's problem selects it. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Callout } from '../../../components/Callout.tsx';
import type { GraphProblem } from '../problems.ts';
import type { ProblemReason } from './use-graph-problems.ts';

export function ProblemsBanner({
  problems,
  reason,
  retrying,
  onRetry,
  onDismiss,
  onShowStep,
}: {
  problems: GraphProblem[];
  reason: ProblemReason;
  retrying: boolean;
  onRetry: () => void;
  onDismiss: () => void;
  onShowStep: (stepId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Callout tone="danger" role="alert" className="mb-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="font-semibold">
          {reason === 'enable'
            ? t(
                '{count, plural, one {This workflow can’t be enabled yet: # problem to fix} other {This workflow can’t be enabled yet: # problems to fix}}',
                { count: problems.length },
              )
            : t('That change was refused: the workflow would not be able to run')}
        </h2>
        <div className="flex gap-2">
          {reason === 'enable' && (
            <Button size="sm" variant="secondary" onClick={onRetry} loading={retrying}>
              {t('Try enabling again')}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            {t('Dismiss')}
          </Button>
        </div>
      </div>
      <ul className="space-y-1">
        {problems.map((p) => (
          <li key={`${p.stepId}-${p.message}`}>
            {p.stepId ? (
              <button
                type="button"
                onClick={() => onShowStep(p.stepId!)}
                className="text-left underline-offset-2 hover:underline"
              >
                {p.message}
              </button>
            ) : (
              p.message
            )}
          </li>
        ))}
      </ul>
    </Callout>
  );
}
