/**
 * The workflow shapes the screens use (from the generated client) and what each step type means to
 * a person: its name, what it does, the ways out of it and a one-line summary of its settings. Pure.
 */
import type { Operation, ResponseBody } from '../../../../client/index.ts';
import type { StatusLooks } from '../../components/StatusBadge.tsx';
import type { Operator } from '../../filters/language.ts';
import { operatorLabel } from '../../filters/operators.ts';
import { WEEKDAYS } from '../../lib/weekdays.ts';
import type { ExecutionStatus, StepRun } from '../../queries/executions.ts';
import type { Step, Transition, Workflow } from '../../queries/workflows.ts';

export type { Execution, ExecutionStatus, ExecutionSummary } from '../../queries/executions.ts';
export type { Step, Transition, Workflow, WorkflowListItem } from '../../queries/workflows.ts';
export type StepType = Step['type'];
export type AddableType = Exclude<StepType, 'TRIGGER'>;
export type WorkflowField = ResponseBody<Operation<'/workflows/fields', 'get'>>['fields'][number];

export interface StepTypeInfo {
  type: StepType;
  label: string;
  /** One sentence for the step picker. */
  description: string;
  /** Tailwind classes of the type's colour chip. */
  chip: string;
}

export const STEP_TYPES: Record<StepType, StepTypeInfo> = {
  TRIGGER: {
    type: 'TRIGGER',
    label: 'Trigger',
    description: 'Where every execution starts.',
    chip: 'bg-brand-100 text-brand-700',
  },
  SEND_EMAIL: {
    type: 'SEND_EMAIL',
    label: 'Send email',
    description: 'Sends a template to the contact or to a fixed address.',
    chip: 'bg-sky-100 text-sky-700',
  },
  DELAY: {
    type: 'DELAY',
    label: 'Delay',
    description: 'Waits a number of minutes, hours or days.',
    chip: 'bg-amber-100 text-amber-800',
  },
  WAIT_FOR_EVENT: {
    type: 'WAIT_FOR_EVENT',
    label: 'Wait for event',
    description: 'Waits until the contact does something, with an optional time limit.',
    chip: 'bg-violet-100 text-violet-700',
  },
  CONDITION: {
    type: 'CONDITION',
    label: 'Condition',
    description: 'Splits the path in two: contacts who match go one way, the rest the other.',
    chip: 'bg-emerald-100 text-emerald-700',
  },
  WEBHOOK: {
    type: 'WEBHOOK',
    label: 'Webhook',
    description: 'Calls your server with the contact and the event.',
    chip: 'bg-slate-200 text-slate-700',
  },
  UPDATE_CONTACT: {
    type: 'UPDATE_CONTACT',
    label: 'Update contact',
    description: 'Writes custom fields or changes the subscription.',
    chip: 'bg-teal-100 text-teal-700',
  },
  EXIT: {
    type: 'EXIT',
    label: 'Exit',
    description: 'Ends the execution here, with a reason.',
    chip: 'bg-rose-100 text-rose-700',
  },
};

export const ADDABLE_TYPES: AddableType[] = [
  'SEND_EMAIL',
  'DELAY',
  'WAIT_FOR_EVENT',
  'CONDITION',
  'WEBHOOK',
  'UPDATE_CONTACT',
  'EXIT',
];

/** A way out of a step: the handle it is drawn from and the label its transitions carry. */
export interface Way {
  /** The handle id on the canvas; `next` for an unlabelled way. */
  handle: string;
  /** Shown on the edge and in the side panel. */
  label: string;
  /** The side panel's question for it. */
  prompt: string;
  body: { branch?: 'yes' | 'no'; waitOutcome?: 'EVENT' | 'TIMEOUT' };
}

const NEXT: Way = { handle: 'next', label: '', prompt: 'Then go to', body: {} };

/** The ways out of a step of `type` (none for EXIT). */
export function waysOut(type: StepType): Way[] {
  switch (type) {
    case 'EXIT':
      return [];
    case 'CONDITION':
      return [
        { handle: 'yes', label: 'Yes', prompt: 'If it matches, go to', body: { branch: 'yes' } },
        { handle: 'no', label: 'No', prompt: 'Otherwise, go to', body: { branch: 'no' } },
      ];
    case 'WAIT_FOR_EVENT':
      return [
        {
          handle: 'EVENT',
          label: 'Event received',
          prompt: 'When the event arrives, go to',
          body: { waitOutcome: 'EVENT' },
        },
        { handle: 'TIMEOUT', label: 'Timed out', prompt: 'If it times out, go to', body: { waitOutcome: 'TIMEOUT' } },
      ];
    default:
      return [NEXT];
  }
}

/** The handle a transition leaves its step by. */
export function handleOf(t: {
  branch?: Transition['branch'] | undefined;
  waitOutcome?: Transition['waitOutcome'] | undefined;
}): string {
  return t.branch ?? t.waitOutcome ?? 'next';
}

/** The label an edge shows ('' for an unlabelled one). */
export function transitionLabel(t: Pick<Transition, 'branch' | 'waitOutcome'>): string {
  if (t.branch === 'yes') return 'Yes';
  if (t.branch === 'no') return 'No';
  if (t.waitOutcome === 'EVENT') return 'Event received';
  if (t.waitOutcome === 'TIMEOUT') return 'Timed out';
  return '';
}

/** What a person calls the step: its own name, else its type's. */
export function stepTitle(step: Pick<Step, 'type' | 'name'>): string {
  const name = step.name?.trim();
  if (name && !(step.type === 'TRIGGER' && name === 'Trigger')) return name;
  return STEP_TYPES[step.type].label;
}

const plural = (n: number, unit: string) => `${n} ${n === 1 ? unit.replace(/s$/, '') : unit}`;

const dayShort = (id: string) => WEEKDAYS.find((w) => w.id === id)?.short ?? id;

/** A timeout in seconds as the largest whole unit ("2 days", "90 minutes"). */
export function formatSeconds(seconds: number): string {
  if (seconds % 86_400 === 0) return plural(seconds / 86_400, 'days');
  if (seconds % 3_600 === 0) return plural(seconds / 3_600, 'hours');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minutes');
  return plural(seconds, 'seconds');
}

/** An operator as the filter builder says it (a text field's words: "is", "is not"). */
const operatorWords = (op: string) => operatorLabel('string', op as Operator) ?? op;

function conditionSummary(c: Record<string, unknown>): string {
  if (c.condition && typeof c.condition === 'object') {
    const tree = c.condition as { conditions?: unknown[]; groups?: unknown[]; operator?: string; logic?: string };
    const n = (tree.conditions ?? tree.groups ?? []).length;
    return `${n} ${n === 1 ? 'rule' : 'rules'} (${tree.operator ?? tree.logic ?? 'AND'})`;
  }
  const value = c.value === undefined ? '' : ` ${Array.isArray(c.value) ? c.value.join(', ') : String(c.value)}`;
  const unit = typeof c.unit === 'string' ? ` ${c.unit}` : '';
  return `${String(c.field ?? '')} ${operatorWords(String(c.operator ?? ''))}${value}${unit}`.trim();
}

/** One line saying what the step does with its settings; `templates` names templates by id. */
export function stepSummary(
  step: Pick<Step, 'type' | 'config'>,
  extra: { templates?: ReadonlyMap<string, string>; trigger?: Pick<Workflow, 'triggerType' | 'triggerConfig'> } = {},
): string {
  const c = step.config as Record<string, unknown>;
  switch (step.type) {
    case 'TRIGGER': {
      const w = extra.trigger;
      if (!w) return '';
      if (w.triggerType === 'MANUAL') return 'Started by hand or through the API';
      if (w.triggerType === 'SCHEDULE') {
        return w.triggerConfig.schedule
          ? `On the schedule ${String(w.triggerConfig.schedule)} (UTC)`
          : 'No schedule set';
      }
      return w.triggerConfig.eventName ? `When ${String(w.triggerConfig.eventName)} is tracked` : 'No event chosen';
    }
    case 'SEND_EMAIL': {
      const name = extra.templates?.get(String(c.templateId)) ?? 'a template';
      const r = c.recipient as { type?: string; customEmail?: string } | undefined;
      const sends = r?.type === 'CUSTOM' ? `Sends “${name}” to ${r.customEmail}` : `Sends “${name}”`;
      return c.topicId ? `${sends}, topic subscribers only` : sends;
    }
    case 'DELAY': {
      const until = c.until as { localTime?: string; days?: string[] } | undefined;
      if (until) {
        const days = until.days?.length ? ` on ${until.days.map(dayShort).join(', ')}` : '';
        return `Waits until ${until.localTime ?? '?'} in the contact’s time zone${days}`;
      }
      return `Waits ${plural(Number(c.amount ?? 0), String(c.unit ?? 'minutes'))}`;
    }
    case 'WAIT_FOR_EVENT':
      return typeof c.timeout === 'number'
        ? `Waits for ${String(c.eventName)}, up to ${formatSeconds(c.timeout)}`
        : `Waits for ${String(c.eventName)}`;
    case 'CONDITION':
      return `If ${conditionSummary(c)}`;
    case 'WEBHOOK':
      return `${String(c.method ?? 'POST')} ${String(c.url ?? '')}`;
    case 'UPDATE_CONTACT': {
      const keys = Object.keys((c.updates as object | undefined) ?? {});
      const parts = keys.length ? [`Sets ${keys.join(', ')}`] : [];
      if (c.subscriptionAction === 'subscribe') parts.push('subscribes');
      if (c.subscriptionAction === 'unsubscribe') parts.push('unsubscribes');
      return parts.join(' and ') || 'Changes nothing';
    }
    case 'EXIT':
      return c.reason ? `Ends: ${String(c.reason)}` : 'Ends the execution';
  }
}

/** An execution's status, in the order the filter offers them. */
export const EXECUTION_STATUS: StatusLooks<ExecutionStatus> = {
  RUNNING: 'blue',
  WAITING: 'yellow',
  COMPLETED: 'green',
  EXITED: 'brand',
  FAILED: 'red',
  CANCELLED: 'gray',
};

/** How one step of an execution went. */
export const STEP_RUN_STATUS: StatusLooks<StepRun['status']> = { COMPLETED: 'green', FAILED: 'red', SKIPPED: 'gray' };

/** What starts the workflow, in words. */
export function triggerWords(w: Pick<Workflow, 'triggerType' | 'triggerConfig'>): string {
  if (w.triggerType === 'MANUAL') return 'Started by hand';
  if (w.triggerType === 'SCHEDULE')
    return w.triggerConfig.schedule ? `Schedule ${String(w.triggerConfig.schedule)}` : 'Schedule not set';
  return w.triggerConfig.eventName ? String(w.triggerConfig.eventName) : 'No event';
}
