/**
 * A workflow's graph as the engine walks it, loaded once and kept until a workflow of its project
 * changes, and the one rule for which transition a finished step follows.
 */
import { fromJson, toBool } from '../../db/codecs.ts';
import type { Executor } from '../../db/index.ts';
import type { ProjectCache } from '../../db/project-cache.ts';
import type { Branch, WaitOutcome } from '../../db/workflow-tables.ts';
import { findGraph, findWorkflow, type StepRow, type TransitionRow, type WorkflowRow } from '../workflows.repo.ts';

export interface Step {
  id: string;
  type: StepRow['type'];
  config: Record<string, unknown>;
}

export interface Graph {
  workflow: WorkflowRow;
  steps: ReadonlyMap<string, Step>;
  /** Transitions by source step, in the order they are tried (priority, then age). */
  out: ReadonlyMap<string, readonly TransitionRow[]>;
}

/** What a finished step says about the way on: a CONDITION's branch, a wait's outcome, or nothing. */
export type Way = { branch: Branch } | { waitOutcome: WaitOutcome } | undefined;

/**
 * The step a finished step leads to: the first of its transitions that fits `way` (a CONDITION's
 * transitions by branch; a WAIT_FOR_EVENT's by outcome, an unlabelled one counting as EVENT).
 * Undefined: the execution has run out of steps (COMPLETED).
 */
export function nextStepId(graph: Graph, from: string, way: Way): string | undefined {
  const candidates = graph.out.get(from) ?? [];
  const fits = (t: TransitionRow) => {
    if (way && 'branch' in way) return t.branch === way.branch;
    if (way && 'waitOutcome' in way) return (t.waitOutcome ?? 'EVENT') === way.waitOutcome;
    return true;
  };
  const t = candidates.find((c) => fits(c) && graph.steps.has(c.toStepId));
  return t?.toStepId;
}

/**
 * A loader of graphs for one run: each workflow's graph is read once and kept beside the project's
 * triggers (trigger-cache.ts), so it lasts until a workflow of the project changes (undefined when
 * the workflow is gone).
 */
export function graphLoader(deps: {
  reader: Executor;
  workflowTriggers: ProjectCache<{ graphs: Map<string, Promise<Graph | undefined>> }>;
}) {
  return async (projectId: string, workflowId: string): Promise<Graph | undefined> => {
    const { graphs } = await deps.workflowTriggers.read(deps.reader, projectId);
    let hit = graphs.get(workflowId);
    if (!hit) {
      hit = load(deps, projectId, workflowId);
      graphs.set(workflowId, hit);
      // A failed read is not a graph: the next execution reads again.
      hit.catch(() => graphs.delete(workflowId));
    }
    return hit;
  };
}

async function load(deps: { reader: Executor }, projectId: string, workflowId: string): Promise<Graph | undefined> {
  const workflow = await findWorkflow(deps.reader, projectId, workflowId);
  if (!workflow) return undefined;
  const { steps, transitions } = await findGraph(deps.reader, projectId, workflowId);
  const out = new Map<string, TransitionRow[]>();
  for (const t of transitions) out.set(t.fromStepId, [...(out.get(t.fromStepId) ?? []), t]);
  return {
    workflow: { ...workflow, enabled: toBool(workflow.enabled), allowReentry: toBool(workflow.allowReentry) },
    steps: new Map(steps.map((s) => [s.id, { id: s.id, type: s.type, config: fromJson(s.config) }])),
    out,
  };
}
