/**
 * Removing paths from the canvas (the Delete key on selected edges, or an edge's × button) takes
 * effect at once and can be undone for a while: undo re-creates the same ways out between the same
 * steps. The offer goes when it times out, or when a step at either end is gone.
 */
import { useCallback, useEffect, useState } from 'react';
import { i18n } from '../../../i18n/i18n.ts';
import { useProject } from '../../../lib/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useAction } from '../../../queries/use-action.ts';
import { transitionBody, workflowMutations } from '../../../queries/workflows.ts';
import type { Transition, Workflow } from '../model.ts';

/** How long the undo stays offered. */
const UNDO_MS = 10_000;

export function usePathRemoval(workflow: Workflow, report: (e: unknown) => void) {
  const scope = useProject();
  // Errors go to `report`, each once: the loops below stop at the first.
  const deleteTransition = useAction(workflowMutations.deleteTransition(scope, workflow.id), { inline: true });
  const addTransition = useAction(workflowMutations.addTransition(scope, workflow.id), { inline: true });
  const [removed, setRemoved] = useState<Transition[]>([]);

  useEffect(() => {
    if (removed.length === 0) return;
    const timer = setTimeout(() => setRemoved([]), UNDO_MS);
    return () => clearTimeout(timer);
  }, [removed]);

  const remove = useCallback(
    async (paths: Transition[]) => {
      const gone: Transition[] = [];
      for (const t of paths) {
        try {
          await deleteTransition.mutateAsync(t.id);
          gone.push(t);
        } catch (e) {
          report(e);
          break;
        }
      }
      if (gone.length > 0) setRemoved(gone);
    },
    [deleteTransition.mutateAsync, report],
  );

  const [undoing, setUndoing] = useState(false);
  const undo = async () => {
    if (undoing || removed.length === 0) return;
    setUndoing(true);
    let left = removed;
    try {
      for (const t of removed) {
        await addTransition.mutateAsync(transitionBody(t));
        left = left.filter((x) => x !== t);
      }
      toast(i18n.t('{count, plural, one {Path restored} other {Paths restored}}', { count: removed.length }));
    } catch (e) {
      report(e);
    } finally {
      // What was restored is no longer offered, so a second undo never makes it twice.
      setRemoved(left);
      setUndoing(false);
    }
  };

  const steps = new Set(workflow.steps.map((s) => s.id));
  const undoable = removed.length > 0 && removed.every((t) => steps.has(t.fromStepId) && steps.has(t.toStepId));
  return { removed: undoable ? removed : [], remove, undo, undoing, dismiss: () => setRemoved([]) };
}
