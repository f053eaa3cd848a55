/**
 * What enabling checks about a workflow (and what every edit of an enabled one keeps true): the
 * trigger is configured, the trigger leads somewhere, every reachable CONDITION has both branches,
 * and no cycle can run without passing a DELAY or a WAIT_FOR_EVENT (it would spin without bound).
 * Pure; every problem is a FieldError naming the step (`steps.<id>`), so a canvas can mark it.
 */
import type { FieldError } from '../errors.ts';
import { parseCron } from '../jobs/cron.ts';

export interface GraphStep {
  id: string;
  type: string;
  name: string | null;
  config: Record<string, unknown>;
}
export interface GraphTransition {
  fromStepId: string;
  toStepId: string;
  branch: string | null;
}
export interface GraphWorkflow {
  triggerType: string;
  triggerConfig: Record<string, unknown>;
  allowReentry: boolean;
}

/** Events the service itself emits for every email it sends: a workflow sending on them would feed itself. */
const SELF_FEEDING = new Set(['email.sent', 'email.delivery']);

const label = (s: GraphStep) => `${s.type}${s.name ? ` "${s.name}"` : ''} (${s.id})`;

/** What is missing or wrong in the trigger's settings. */
export function triggerProblems(w: GraphWorkflow): FieldError[] {
  const c = w.triggerConfig;
  if (w.triggerType === 'EVENT' && (typeof c.eventName !== 'string' || c.eventName === '')) {
    return [
      {
        field: 'triggerConfig.eventName',
        message: 'an EVENT workflow needs the event that starts it',
        code: 'REQUIRED',
      },
    ];
  }
  if (w.triggerType === 'SCHEDULE') {
    try {
      parseCron(String(c.schedule ?? ''));
    } catch {
      return [
        { field: 'triggerConfig.schedule', message: 'must be a 5-field cron pattern (UTC)', code: 'INVALID_VALUE' },
      ];
    }
  }
  return [];
}

/** Does a pass through this step take time (so a cycle through it is bounded by the clock)? */
function waits(s: GraphStep): boolean {
  if (s.type === 'WAIT_FOR_EVENT') return true;
  // A DELAY until a local time always waits (to the next such time, strictly after the arrival).
  if (s.type === 'DELAY' && s.config.until !== undefined) return true;
  return s.type === 'DELAY' && typeof s.config.amount === 'number' && s.config.amount > 0;
}

/** The steps of one cycle among `nodes` that never waits, or undefined. */
function spinningCycle(nodes: GraphStep[], next: Map<string, string[]>): string[] | undefined {
  const inGraph = new Set(nodes.filter((s) => !waits(s)).map((s) => s.id));
  const state = new Map<string, 'open' | 'done'>();
  // Iterative DFS with an explicit path, so a long chain cannot overflow the stack.
  for (const start of inGraph) {
    if (state.has(start)) continue;
    const path: string[] = [start];
    const iters: string[][] = [[...(next.get(start) ?? [])]];
    state.set(start, 'open');
    while (path.length > 0) {
      const pending = iters.at(-1)!;
      const to = pending.shift();
      if (to === undefined) {
        state.set(path.pop()!, 'done');
        iters.pop();
        continue;
      }
      if (!inGraph.has(to)) continue;
      if (state.get(to) === 'open') return path.slice(path.indexOf(to));
      if (state.has(to)) continue;
      state.set(to, 'open');
      path.push(to);
      iters.push([...(next.get(to) ?? [])]);
    }
  }
  return undefined;
}

/** Every reason the workflow may not run as it is (empty when it may). */
export function graphProblems(w: GraphWorkflow, steps: GraphStep[], transitions: GraphTransition[]): FieldError[] {
  const errors = triggerProblems(w);
  const byId = new Map(steps.map((s) => [s.id, s]));
  const out = new Map<string, GraphTransition[]>();
  for (const t of transitions) out.set(t.fromStepId, [...(out.get(t.fromStepId) ?? []), t]);
  const trigger = steps.find((s) => s.type === 'TRIGGER');
  if (!trigger) return [...errors, { field: 'steps', message: 'the workflow has no TRIGGER step', code: 'NO_TRIGGER' }];
  if (!out.get(trigger.id)?.length) {
    errors.push({
      field: `steps.${trigger.id}`,
      message: 'the trigger leads nowhere: add a transition from the TRIGGER step to the first step',
      code: 'NO_PATH',
    });
    return errors;
  }
  // Only what the trigger reaches can run; loose steps are drafts.
  const reachable: GraphStep[] = [];
  const seen = new Set([trigger.id]);
  const queue = [trigger.id];
  while (queue.length > 0) {
    const s = byId.get(queue.shift()!)!;
    reachable.push(s);
    for (const t of out.get(s.id) ?? []) {
      if (!seen.has(t.toStepId) && byId.has(t.toStepId)) {
        seen.add(t.toStepId);
        queue.push(t.toStepId);
      }
    }
  }
  for (const s of reachable.filter((x) => x.type === 'CONDITION')) {
    const branches = new Set((out.get(s.id) ?? []).map((t) => t.branch));
    for (const b of ['yes', 'no']) {
      if (!branches.has(b)) {
        errors.push({
          field: `steps.${s.id}`,
          message: `${label(s)} has no "${b}" branch: connect it to a step (an EXIT step ends the execution)`,
          code: 'DANGLING_BRANCH',
        });
      }
    }
  }
  const next = new Map(reachable.map((s) => [s.id, (out.get(s.id) ?? []).map((t) => t.toStepId)]));
  const cycle = spinningCycle(reachable, next);
  if (cycle) {
    errors.push({
      field: `steps.${cycle[0]}`,
      message: `the cycle ${cycle.map((id) => label(byId.get(id)!)).join(' → ')} has no DELAY (longer than 0) or WAIT_FOR_EVENT step, so it would run without end`,
      code: 'UNBOUNDED_CYCLE',
    });
  }
  const event = String(w.triggerConfig.eventName ?? '');
  if (w.triggerType === 'EVENT' && w.allowReentry && SELF_FEEDING.has(event)) {
    const send = reachable.find((s) => s.type === 'SEND_EMAIL');
    if (send) {
      errors.push({
        field: `steps.${send.id}`,
        message: `a workflow started by ${event} that allows reentry would start itself again with every email it sends`,
        code: 'SELF_TRIGGERING',
      });
    }
  }
  return errors;
}
