/**
 * What the person does on the canvas itself, turned into graph edits: connecting two steps by
 * dragging between handles, moving steps, tidying the layout, and the Delete key.
 */
import type { Connection, OnBeforeDelete } from '@xyflow/react';
import { i18n } from '../../../i18n/i18n.ts';
import { useProject } from '../../../lib/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useAction } from '../../../queries/use-action.ts';
import { workflowMutations } from '../../../queries/workflows.ts';
import type { StepNodeType, WayEdgeType } from '../canvas-parts.tsx';
import { computedLayout } from '../elements.ts';
import type { Point } from '../layout.ts';
import { handleOf, type Step, type Transition, type Workflow, waysOut } from '../model.ts';

export function useCanvasEdits({
  workflow,
  positions,
  stored,
  report,
  onDeleteStep,
  onRemovePaths,
}: {
  workflow: Workflow;
  positions: ReadonlyMap<string, Point>;
  /** Whether every step has a stored place (else the laid-out ones are shown). */
  stored: boolean;
  report: (e: unknown) => void;
  onDeleteStep: (step: Step) => void;
  onRemovePaths: (paths: Transition[]) => void;
}) {
  const scope = useProject();
  const setWay = useAction(workflowMutations.setWay(scope, workflow.id), { inline: true });
  // Moving cannot break the graph: a refusal takes the default toast.
  const moveSteps = useAction(workflowMutations.moveSteps(scope, workflow.id));
  const byId = new Map(workflow.steps.map((s) => [s.id, s]));

  /** A drag from a step's way out to another step: that way now leads there (moved if it led elsewhere). */
  const connect = async (c: Connection) => {
    const from = byId.get(c.source);
    const way = from && waysOut(from.type).find((w) => w.handle === (c.sourceHandle ?? 'next'));
    if (!from || !way || !c.target) return;
    const existing = workflow.transitions.find((t) => t.fromStepId === from.id && handleOf(t) === way.handle);
    // Dropped back where it already led: nothing to write.
    if (existing?.toStepId === c.target) return;
    try {
      await setWay.mutateAsync({ fromStepId: from.id, way: way.body, existing, toStepId: c.target });
      toast(existing ? i18n.t('Path moved') : i18n.t('Steps connected'));
    } catch (e) {
      report(e);
    }
  };

  const isValidConnection = (c: Connection | WayEdgeType) =>
    c.source !== c.target && byId.get(c.target)?.type !== 'TRIGGER';

  const round = (p: Point) => ({ x: Math.round(p.x), y: Math.round(p.y) });

  const dragStop = (moved: StepNodeType[]) => {
    const at = new Map(moved.map((n) => [n.id, n.position]));
    // Stored places for all steps at once when some had none, so the ones not moved stay put.
    const ids = stored ? [...at.keys()] : workflow.steps.map((s) => s.id);
    moveSteps.mutate(ids.map((stepId) => ({ stepId, position: round(at.get(stepId) ?? positions.get(stepId)!) })));
  };

  const tidy = () =>
    moveSteps.mutate(
      [...computedLayout(workflow)].map(([stepId, position]) => ({ stepId, position })),
      { onSuccess: () => toast(i18n.t('Steps arranged')) },
    );

  /** The Delete key: a step asks first; paths go at once, with an undo. React Flow deletes nothing itself. */
  const beforeDelete: OnBeforeDelete<StepNodeType, WayEdgeType> = async ({ nodes, edges }) => {
    const step = nodes.map((n) => byId.get(n.id)).find((s) => s && s.type !== 'TRIGGER');
    if (step) onDeleteStep(step);
    else {
      const ids = new Set(edges.map((e) => e.id));
      const paths = workflow.transitions.filter((t) => ids.has(t.id));
      if (paths.length > 0) onRemovePaths(paths);
    }
    return false;
  };

  return { connect, isValidConnection, dragStop, tidy, beforeDelete };
}
