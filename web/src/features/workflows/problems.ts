/**
 * The API's reasons a workflow cannot be enabled (422 `errors[]`, each naming `steps.<id>` or the
 * trigger's settings), turned into what the canvas marks: the step, the branch it lacks, the edges
 * of a cycle, and the message with step names instead of ids. Pure.
 */
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';
import { STEP_TYPES, type Step, type StepType, stepTitle, type Transition } from './model.ts';

export interface ApiFieldError {
  field: string;
  message: string;
  code?: unknown;
}

export interface GraphProblem {
  /** The step the problem is about (the trigger for its settings); null for the graph as a whole. */
  stepId: string | null;
  /** The API's message (English, as the API says it), with step names instead of ids. */
  message: string;
  /** A few words for the step's card on the canvas, in the dashboard's language (the message is in the list and the panel). */
  short: string;
  code: string | null;
  /** A CONDITION's or a wait's way out that leads nowhere (the handle to mark). */
  missingWay: string | null;
  /** Transitions to mark (a cycle's). */
  transitionIds: string[];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TYPES = Object.keys(STEP_TYPES) as StepType[];
const STEP_REF = new RegExp(`\\b(${TYPES.join('|')})(?: "((?:[^"\\\\]|\\\\.)*)")? \\((${UUID.source})\\)`, 'g');

/**
 * The message with `TYPE "name" (id)` replaced by the step's title and type names made readable. The
 * message stays the API's English: type names are put in it in English, step titles as shown.
 */
export function readableMessage(message: string, steps: ReadonlyMap<string, Pick<Step, 'type' | 'name'>>): string {
  let text = message.replace(STEP_REF, (_all, type: string, name: string | undefined, id: string) => {
    const step = steps.get(id);
    return `“${step ? stepTitle(step) : name || STEP_TYPES[type as StepType]?.label || type}”`;
  });
  text = text.replace(/\bthe TRIGGER step\b/g, 'the trigger');
  for (const type of TYPES) text = text.replace(new RegExp(`\\b${type}\\b`, 'g'), STEP_TYPES[type].label);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** English messages, translated when a problem is made. */
const SHORT: Record<string, string> = {
  NO_PATH: msg('Leads to no step yet'),
  UNBOUNDED_CYCLE: msg('Loops without a wait'),
  SELF_TRIGGERING: msg('Would start itself again'),
  UNKNOWN_TEMPLATE: msg('Its template no longer exists'),
  NO_SENDER: msg('Its template has no sender'),
};

function shortFor(code: string | null, missingWay: string | null, message: string): string {
  if (missingWay) {
    return i18n.t('{way, select, yes {The “Yes” path leads nowhere} other {The “No” path leads nowhere}}', {
      way: missingWay,
    });
  }
  const short = code ? SHORT[code] : undefined;
  return short ? i18n.t(short) : message;
}

/** What the canvas shows for each error of a refused enable (or edit of an enabled workflow). */
export function graphProblems(
  errors: readonly ApiFieldError[],
  steps: readonly Step[],
  transitions: readonly Transition[],
): GraphProblem[] {
  const byId = new Map(steps.map((s) => [s.id, s]));
  const trigger = steps.find((s) => s.type === 'TRIGGER');
  return errors.map((e) => {
    const code = typeof e.code === 'string' ? e.code : null;
    let stepId: string | null = null;
    const named = /^steps\.(.+)$/.exec(e.field);
    if (named && byId.has(named[1]!)) stepId = named[1]!;
    else if (e.field.startsWith('triggerConfig') || e.field === 'triggerType') stepId = trigger?.id ?? null;
    const branch = /has no "(yes|no)" branch/.exec(e.message);
    const missingWay = branch ? branch[1]! : null;
    // A cycle's message lists its steps in order: mark the transitions between neighbours.
    let transitionIds: string[] = [];
    if (code === 'UNBOUNDED_CYCLE' || /\bcycle\b/.test(e.message)) {
      const ids = [...e.message.matchAll(UUID)].map((m) => m[0]).filter((id) => byId.has(id));
      const pairs = new Set(ids.map((id, i) => `${id}>${ids[(i + 1) % ids.length]}`));
      transitionIds = transitions.filter((t) => pairs.has(`${t.fromStepId}>${t.toStepId}`)).map((t) => t.id);
    }
    const message = readableMessage(e.message, byId);
    return { stepId, message, short: shortFor(code, missingWay, message), code, missingWay, transitionIds };
  });
}

/**
 * Whether a problem is still there after edits, as far as the graph shows without asking the API:
 * a missing way that now has a transition, a trigger that now leads somewhere, a cycle one of whose
 * transitions is gone and a step that was deleted are fixed. Anything else stays until the next try.
 */
export function stillOpen(
  problem: GraphProblem,
  steps: readonly Pick<Step, 'id' | 'type'>[],
  transitions: readonly Pick<Transition, 'id' | 'fromStepId' | 'branch' | 'waitOutcome'>[],
): boolean {
  if (problem.stepId !== null && !steps.some((s) => s.id === problem.stepId)) return false;
  const from = transitions.filter((t) => t.fromStepId === problem.stepId);
  if (problem.missingWay) return !from.some((t) => (t.branch ?? t.waitOutcome ?? 'next') === problem.missingWay);
  if (problem.code === 'NO_PATH') return from.length === 0;
  if (problem.transitionIds.length > 0)
    return problem.transitionIds.every((id) => transitions.some((t) => t.id === id));
  return true;
}
