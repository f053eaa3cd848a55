/**
 * A workflow as canvas nodes and edges: positions as stored by the API, or a layered layout when
 * any step has none; problems from a refused enable marked on their steps, branches and edges.
 */
import { MarkerType } from '@xyflow/react';
import { i18n } from '../../i18n/i18n.ts';
import type { StepNodeType, WayEdgeType } from './canvas-parts.tsx';
import { DEFAULT_LAYOUT, layeredLayout, type Point } from './layout.ts';
import {
  handleOf,
  type Step,
  stepSummary,
  stepTitle,
  type Transition,
  transitionLabel,
  type Workflow,
  waysOut,
} from './model.ts';
import type { GraphProblem } from './problems.ts';

/** Where a way's handle sits on a step (canvas-parts.tsx: 28 % and 72 % for two), from its centre in px. */
export function handleOffset(index: number, count: number): number {
  const left = count <= 1 ? 0.5 : index === 0 ? 0.28 : 0.72;
  return Math.round((left - 0.5) * DEFAULT_LAYOUT.nodeWidth);
}

/** Steps in the order a layout prefers: the trigger first, then by creation. */
function ordered(steps: readonly Step[]): Step[] {
  return [...steps].sort((a, b) =>
    a.type === 'TRIGGER' ? -1 : b.type === 'TRIGGER' ? 1 : a.createdAt.localeCompare(b.createdAt),
  );
}

/** Where each step is drawn, and whether those places are the stored ones. */
export function stepPositions(workflow: Pick<Workflow, 'steps' | 'transitions'>): {
  positions: Map<string, Point>;
  stored: boolean;
} {
  const stored = workflow.steps.every((s) => s.position !== null);
  if (stored) return { positions: new Map(workflow.steps.map((s) => [s.id, s.position!])), stored };
  return { positions: computedLayout(workflow), stored };
}

/** The layered layout of the whole graph ("Tidy up"). */
export function computedLayout(workflow: Pick<Workflow, 'steps' | 'transitions'>): Map<string, Point> {
  const typeOf = new Map(workflow.steps.map((s) => [s.id, s.type]));
  return layeredLayout(
    ordered(workflow.steps).map((s) => s.id),
    workflow.transitions.map((t) => {
      const ways = waysOut(typeOf.get(t.fromStepId) ?? 'DELAY');
      const order = Math.max(
        0,
        ways.findIndex((w) => w.handle === handleOf(t)),
      );
      return { from: t.fromStepId, to: t.toStepId, order, anchor: handleOffset(order, ways.length) };
    }),
  );
}

const toneOf = (t: Transition): NonNullable<WayEdgeType['data']>['tone'] =>
  t.branch === 'yes'
    ? 'yes'
    : t.branch === 'no'
      ? 'no'
      : t.waitOutcome === 'TIMEOUT'
        ? 'timeout'
        : t.waitOutcome === 'EVENT'
          ? 'event'
          : 'plain';

export interface ElementOptions {
  positions: Map<string, Point>;
  problems: readonly GraphProblem[];
  templates?: ReadonlyMap<string, string>;
  selectedStepId?: string | null;
  onDeleteTransition?: (t: Transition) => void;
  /** Read-only canvases: steps and transitions an execution went through, and where it is. */
  visited?: { steps: ReadonlySet<string>; current: string | null };
}

export function buildNodes(workflow: Workflow, o: ElementOptions): StepNodeType[] {
  return ordered(workflow.steps).map((step) => {
    const mine = o.problems.filter((p) => p.stepId === step.id);
    const title = stepTitle(step);
    return {
      id: step.id,
      type: 'step',
      position: o.positions.get(step.id) ?? { x: 0, y: 0 },
      selected: o.selectedStepId === step.id,
      deletable: step.type !== 'TRIGGER' && !o.visited,
      ariaLabel: step.type === 'TRIGGER' ? i18n.t('Trigger: {title}', { title }) : i18n.t('Step: {title}', { title }),
      data: {
        step,
        title,
        summary: stepSummary(step, { templates: o.templates, trigger: workflow }),
        ways: waysOut(step.type),
        problems: mine.map((p) => ({ short: p.short, message: p.message })),
        missingWay: mine.find((p) => p.missingWay)?.missingWay ?? null,
        usedWays: workflow.transitions.filter((t) => t.fromStepId === step.id).map(handleOf),
        visited: o.visited ? o.visited.steps.has(step.id) : undefined,
        current: o.visited ? o.visited.current === step.id : undefined,
      },
    };
  });
}

export function buildEdges(workflow: Workflow, o: ElementOptions): WayEdgeType[] {
  const names = new Map(workflow.steps.map((s) => [s.id, stepTitle(s)]));
  const marked = new Set(o.problems.flatMap((p) => p.transitionIds));
  return workflow.transitions.map((t) => {
    const label = transitionLabel(t);
    const from = names.get(t.fromStepId) ?? i18n.t('a step');
    const to = names.get(t.toStepId) ?? i18n.t('a step');
    const tone = toneOf(t);
    return {
      id: t.id,
      type: 'way',
      source: t.fromStepId,
      target: t.toStepId,
      sourceHandle: handleOf(t),
      deletable: !o.visited,
      ariaLabel: label
        ? i18n.t('Path from {from} ({way}) to {to}', { from, way: label, to })
        : i18n.t('Path from {from} to {to}', { from, to }),
      markerEnd: {
        type: MarkerType.ArrowClosed,
        width: 16,
        height: 16,
        color: marked.has(t.id) ? '#dc2626' : '#94a3b8',
      },
      data: {
        label,
        tone,
        problem: marked.has(t.id),
        onDelete: o.onDeleteTransition ? () => o.onDeleteTransition!(t) : undefined,
        deleteLabel: label
          ? i18n.t('Remove the path from {from} ({way}) to {to}', { from, way: label, to })
          : i18n.t('Remove the path from {from} to {to}', { from, to }),
        visited: o.visited ? o.visited.steps.has(t.fromStepId) && o.visited.steps.has(t.toStepId) : undefined,
      },
    };
  });
}

/** Where a new step goes: under the step (and way) it follows, else beside the graph, level with its lowest step. */
export function newStepPosition(
  positions: ReadonlyMap<string, Point>,
  from: { stepId: string; wayIndex: number; wayCount: number } | null,
): Point {
  const base = from ? positions.get(from.stepId) : undefined;
  if (base && from) {
    const spread = from.wayCount > 1 ? (from.wayIndex === 0 ? -152 : 152) : 0;
    return { x: Math.round(base.x + spread), y: Math.round(base.y + 176) };
  }
  const all = [...positions.values()];
  if (all.length === 0) return { x: 0, y: 0 };
  // Beside, not under: a step connected later would otherwise have its path drawn behind the others.
  return { x: Math.max(...all.map((p) => p.x)) + 304, y: Math.max(...all.map((p) => p.y)) };
}
