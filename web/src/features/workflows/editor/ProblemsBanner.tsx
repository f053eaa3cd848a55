/** The list of a refused enable's or edit's graph problems above the canvas; a step's problem selects it. */
import { AlertTriangle } from 'lucide-react';
import { Button } from '../../../components/Button.tsx';
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
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  return (
    <section
      role="alert"
      aria-labelledby="graph-problems"
      className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="graph-problems" className="flex items-center gap-2 font-semibold">
          <AlertTriangle className="size-4" aria-hidden />
          {reason === 'enable'
            ? `This workflow can’t be enabled yet: ${count} to fix`
            : 'That change was refused: the workflow would not be able to run'}
        </h2>
        <div className="flex gap-2">
          {reason === 'enable' && (
            <Button size="sm" variant="secondary" onClick={onRetry} loading={retrying}>
              Try enabling again
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      </div>
      <ul className="mt-2 space-y-1">
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
    </section>
  );
}
