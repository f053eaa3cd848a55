/**
 * The editor's refusals. A 422 naming the graph (steps, the trigger's settings) becomes a list of
 * problems: an enable's are the graph's and stay marked on the canvas until fixed; a refused edit's
 * are about the graph it would have made, so they are only listed. Any other error is a toast.
 */
import { useCallback, useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../../api/client.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import type { Workflow } from '../model.ts';
import { type GraphProblem, graphProblems, stillOpen } from '../problems.ts';

export type ProblemReason = 'enable' | 'edit';

export const isGraphError = (e: unknown): e is ApiError =>
  e instanceof ApiError &&
  e.status === 422 &&
  e.errors.length > 0 &&
  e.errors.some((x) => x.field === 'steps' || x.field.startsWith('steps.') || x.field.startsWith('triggerConfig'));

export interface GraphProblems {
  reason: ProblemReason | null;
  /** Problems still open (an enable's) or as refused (an edit's). */
  open: GraphProblem[];
  /** Problems marked on the canvas: an enable's only. */
  marked: GraphProblem[];
  report: (e: unknown, reason?: ProblemReason) => void;
  clear: () => void;
}

export function useGraphProblems(workflow: Workflow): GraphProblems {
  const [problems, setProblems] = useState<{ items: GraphProblem[]; reason: ProblemReason } | null>(null);
  const open = useMemo(
    () =>
      problems?.reason === 'edit'
        ? problems.items
        : (problems?.items ?? []).filter((p) => stillOpen(p, workflow.steps, workflow.transitions)),
    [problems, workflow],
  );
  const report = useCallback(
    (e: unknown, reason: ProblemReason = 'edit') => {
      if (isGraphError(e)) {
        setProblems({ items: graphProblems(e.errors, workflow.steps, workflow.transitions), reason });
        if (reason === 'edit') toast(i18n.t('That change would leave the enabled workflow unable to run.'), 'error');
      } else toast(errorMessage(e), 'error');
    },
    [workflow],
  );
  const clear = useCallback(() => setProblems(null), []);
  return {
    reason: problems?.reason ?? null,
    open,
    marked: problems?.reason === 'enable' ? open : [],
    report,
    clear,
  };
}
