/** Ways out that have no transition yet: where a new step can be attached. Pure. */
import { handleOf, type Way, type Workflow, waysOut } from '../model.ts';

export interface FreeWay {
  stepId: string;
  way: Way;
  wayIndex: number;
  wayCount: number;
}

export function freeWays(workflow: Pick<Workflow, 'steps' | 'transitions'>): FreeWay[] {
  const used = new Set(workflow.transitions.map((t) => `${t.fromStepId}:${handleOf(t)}`));
  return workflow.steps.flatMap((s) => {
    const ways = waysOut(s.type);
    return ways
      .map((way, wayIndex) => ({ stepId: s.id, way, wayIndex, wayCount: ways.length }))
      .filter((f) => !used.has(`${f.stepId}:${f.way.handle}`));
  });
}

/** A free way's value in the "Comes after" select. */
export const wayKey = (f: Pick<FreeWay, 'stepId' | 'way'>) => `${f.stepId}:${f.way.handle}`;

/**
 * Where a new step attaches by default: a free way of the selected step, else the lowest free way
 * on the canvas (the end of the path being built).
 */
export function defaultFreeWay(
  workflow: Pick<Workflow, 'steps' | 'transitions'>,
  selectedId: string | null,
  positions: ReadonlyMap<string, { y: number }>,
): FreeWay | null {
  const free = freeWays(workflow);
  const own = selectedId ? free.find((f) => f.stepId === selectedId) : undefined;
  if (own) return own;
  return [...free].sort((a, b) => (positions.get(b.stepId)?.y ?? 0) - (positions.get(a.stepId)?.y ?? 0))[0] ?? null;
}
