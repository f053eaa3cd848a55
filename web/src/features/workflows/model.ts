/**
 * The workflow shapes the screens use (from the generated client) and what each step type means to
 * a person: its name, what it does, the ways out of it and a one-line summary of its settings. Pure.
 */
import type { Operation, ResponseBody } from '../../../../client/index.ts';
import type { StatusLooks } from '../../components/StatusBadge.tsx';
import type { Operator } from '../../filters/language.ts';
import { operatorLabel } from '../../filters/operators.ts';
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';
import { activeLanguage } from '../../lib/format.ts';
import type { ExecutionStatus, StepRun } from '../../queries/executions.ts';
import type { Step, Transition, Workflow } from '../../queries/workflows.ts';

export type { Execution, ExecutionStatus, ExecutionSummary } from '../../queries/executions.ts';
export type { Step, Transition, Workflow, WorkflowListItem } from '../../queries/workflows.ts';
export type StepType = Step['type'];
export type AddableType = Exclude<StepType, 'TRIGGER'>;
export type WorkflowField = ResponseBody<Operation<'/workflows/fields', 'get'>>['fields'][number];

export interface StepTypeInfo {
  type: StepType;
  /** An English message: `t(info.label)` where shown, or `stepTypeLabel`. */
  label: string;
  /** One sentence for the step picker (an English message, translated where shown). */
  description: string;
  /** Tailwind classes of the type's colour chip. */
  chip: string;
}

export const STEP_TYPES: Record<StepType, StepTypeInfo> = {
  TRIGGER: {
    type: 'TRIGGER',
    label: msg('Trigger'),
    description: msg('Where every execution starts.'),
    chip: 'bg-brand-100 text-brand-700',
  },
  SEND_EMAIL: {
    type: 'SEND_EMAIL',
    label: msg('Send email'),
    description: msg('Sends a template to the contact or to a fixed address.'),
    chip: 'bg-sky-100 text-sky-700',
  },
  DELAY: {
    type: 'DELAY',
    label: msg('Delay'),
    description: msg('Waits a number of minutes, hours or days.'),
    chip: 'bg-amber-100 text-amber-800',
  },
  WAIT_FOR_EVENT: {
    type: 'WAIT_FOR_EVENT',
    label: msg('Wait for event'),
    description: msg('Waits until the contact does something, with an optional time limit.'),
    chip: 'bg-violet-100 text-violet-700',
  },
  CONDITION: {
    type: 'CONDITION',
    label: msg('Condition'),
    description: msg('Splits the path in two: contacts who match go one way, the rest the other.'),
    chip: 'bg-emerald-100 text-emerald-700',
  },
  WEBHOOK: {
    type: 'WEBHOOK',
    label: msg('Webhook'),
    description: msg('Calls your server with the contact and the event.'),
    chip: 'bg-slate-200 text-slate-700',
  },
  UPDATE_CONTACT: {
    type: 'UPDATE_CONTACT',
    label: msg('Update contact'),
    description: msg('Writes custom fields or changes the subscription.'),
    chip: 'bg-teal-100 text-teal-700',
  },
  EXIT: {
    type: 'EXIT',
    label: msg('Exit'),
    description: msg('Ends the execution here, with a reason.'),
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

/** The step type's name in the dashboard's language. */
export function stepTypeLabel(type: StepType): string {
  return i18n.t(STEP_TYPES[type].label);
}

/** A way out of a step: the handle it is drawn from and the label its transitions carry. */
export interface Way {
  /** The handle id on the canvas; `next` for an unlabelled way. */
  handle: string;
  /** Shown on the edge and in the side panel (an English message, translated where shown; '' for none). */
  label: string;
  /** The side panel's question for it (an English message, translated where shown). */
  prompt: string;
  body: { branch?: 'yes' | 'no'; waitOutcome?: 'EVENT' | 'TIMEOUT' };
}

const NEXT: Way = { handle: 'next', label: '', prompt: msg('Then go to'), body: {} };

/** The ways out of a step of `type` (none for EXIT). */
export function waysOut(type: StepType): Way[] {
  switch (type) {
    case 'EXIT':
      return [];
    case 'CONDITION':
      return [
        { handle: 'yes', label: msg('Yes'), prompt: msg('If it matches, go to'), body: { branch: 'yes' } },
        { handle: 'no', label: msg('No'), prompt: msg('Otherwise, go to'), body: { branch: 'no' } },
      ];
    case 'WAIT_FOR_EVENT':
      return [
        {
          handle: 'EVENT',
          label: msg('Event received'),
          prompt: msg('When the event arrives, go to'),
          body: { waitOutcome: 'EVENT' },
        },
        {
          handle: 'TIMEOUT',
          label: msg('Timed out'),
          prompt: msg('If it times out, go to'),
          body: { waitOutcome: 'TIMEOUT' },
        },
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

/** The label an edge shows, in the dashboard's language ('' for an unlabelled one). */
export function transitionLabel(t: Pick<Transition, 'branch' | 'waitOutcome'>): string {
  if (t.branch === 'yes') return i18n.t('Yes');
  if (t.branch === 'no') return i18n.t('No');
  if (t.waitOutcome === 'EVENT') return i18n.t('Event received');
  if (t.waitOutcome === 'TIMEOUT') return i18n.t('Timed out');
  return '';
}

/** What a person calls the step: its own name, else its type's (in the dashboard's language). */
export function stepTitle(step: Pick<Step, 'type' | 'name'>): string {
  const name = step.name?.trim();
  if (name && !(step.type === 'TRIGGER' && name === 'Trigger')) return name;
  return stepTypeLabel(step.type);
}

/**
 * "1 day", "3 hours": an amount of a time unit as the config names it (another unit: as it is). A
 * length of time on its own ("waits 3 days"), not after a preposition: the argument names keep these
 * messages apart from the filters' "in the last 3 days", which some languages decline.
 */
export function timeAmount(n: number, unit: string): string {
  switch (unit) {
    case 'seconds':
      return i18n.t('{seconds, plural, one {# second} other {# seconds}}', { seconds: n });
    case 'minutes':
      return i18n.t('{minutes, plural, one {# minute} other {# minutes}}', { minutes: n });
    case 'hours':
      return i18n.t('{hours, plural, one {# hour} other {# hours}}', { hours: n });
    case 'days':
      return i18n.t('{days, plural, one {# day} other {# days}}', { days: n });
    default:
      return `${n} ${unit}`;
  }
}

/** A weekday as the API names it (MON), short in the dashboard's language ("Mon"). */
function dayShort(id: string): string {
  const index = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].indexOf(id);
  if (index < 0) return id;
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(activeLanguage(), { weekday: 'short', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, 1 + index),
  );
}

/** A timeout in seconds as the largest whole unit ("2 days", "90 minutes"). */
export function formatSeconds(seconds: number): string {
  if (seconds % 86_400 === 0) return timeAmount(seconds / 86_400, 'days');
  if (seconds % 3_600 === 0) return timeAmount(seconds / 3_600, 'hours');
  if (seconds % 60 === 0) return timeAmount(seconds / 60, 'minutes');
  return timeAmount(seconds, 'seconds');
}

/** An operator as the filter builder says it (a text field's words: "is", "is not"). */
const operatorWords = (op: string) => operatorLabel('string', op as Operator) ?? op;

function conditionSummary(c: Record<string, unknown>): string {
  if (c.condition && typeof c.condition === 'object') {
    const tree = c.condition as { conditions?: unknown[]; groups?: unknown[]; operator?: string; logic?: string };
    const n = (tree.conditions ?? tree.groups ?? []).length;
    return i18n.t('{count, plural, one {# rule} other {# rules}} ({logic})', {
      count: n,
      logic: tree.operator ?? tree.logic ?? 'AND',
    });
  }
  const value = c.value === undefined ? '' : ` ${Array.isArray(c.value) ? c.value.join(', ') : String(c.value)}`;
  const unit = typeof c.unit === 'string' ? ` ${c.unit}` : '';
  return `${String(c.field ?? '')} ${operatorWords(String(c.operator ?? ''))}${value}${unit}`.trim();
}

/** One line saying what the step does with its settings, in words; `templates` names templates by id. */
export function stepSummary(
  step: Pick<Step, 'type' | 'config'>,
  extra: { templates?: ReadonlyMap<string, string>; trigger?: Pick<Workflow, 'triggerType' | 'triggerConfig'> } = {},
): string {
  const c = step.config as Record<string, unknown>;
  switch (step.type) {
    case 'TRIGGER': {
      const w = extra.trigger;
      if (!w) return '';
      if (w.triggerType === 'MANUAL') return i18n.t('Started by hand or through the API');
      if (w.triggerType === 'SCHEDULE') {
        return w.triggerConfig.schedule
          ? i18n.t('On the schedule {schedule} (UTC)', { schedule: String(w.triggerConfig.schedule) })
          : i18n.t('No schedule set');
      }
      return w.triggerConfig.eventName
        ? i18n.t('When {event} is tracked', { event: String(w.triggerConfig.eventName) })
        : i18n.t('No event chosen');
    }
    case 'SEND_EMAIL': {
      const name = extra.templates?.get(String(c.templateId)) ?? i18n.t('a template');
      const r = c.recipient as { type?: string; customEmail?: string } | undefined;
      const topicOnly = c.topicId ? 'yes' : 'no';
      return r?.type === 'CUSTOM'
        ? i18n.t(
            '{topicOnly, select, yes {Sends “{name}” to {email}, topic subscribers only} other {Sends “{name}” to {email}}}',
            { topicOnly, name, email: String(r.customEmail) },
          )
        : i18n.t('{topicOnly, select, yes {Sends “{name}”, topic subscribers only} other {Sends “{name}”}}', {
            topicOnly,
            name,
          });
    }
    case 'DELAY': {
      const until = c.until as { localTime?: string; days?: string[] } | undefined;
      if (until) {
        const time = until.localTime ?? '?';
        return until.days?.length
          ? i18n.t('Waits until {time} in the contact’s time zone on {days}', {
              time,
              days: until.days.map(dayShort).join(', '),
            })
          : i18n.t('Waits until {time} in the contact’s time zone', { time });
      }
      return i18n.t('Waits {duration}', {
        duration: timeAmount(Number(c.amount ?? 0), String(c.unit ?? 'minutes')),
      });
    }
    case 'WAIT_FOR_EVENT':
      return typeof c.timeout === 'number'
        ? i18n.t('Waits for {event}, up to {duration}', {
            event: String(c.eventName),
            duration: formatSeconds(c.timeout),
          })
        : i18n.t('Waits for {event}', { event: String(c.eventName) });
    case 'CONDITION':
      return i18n.t('If {condition}', { condition: conditionSummary(c) });
    case 'WEBHOOK':
      return `${String(c.method ?? 'POST')} ${String(c.url ?? '')}`;
    case 'UPDATE_CONTACT': {
      const keys = Object.keys((c.updates as object | undefined) ?? {});
      const subscription = String(c.subscriptionAction ?? 'none');
      if (keys.length === 0) {
        return i18n.t(
          '{subscription, select, subscribe {subscribes} unsubscribe {unsubscribes} other {Changes nothing}}',
          {
            subscription,
          },
        );
      }
      return i18n.t(
        '{subscription, select, subscribe {Sets {fields} and subscribes} unsubscribe {Sets {fields} and unsubscribes} other {Sets {fields}}}',
        { subscription, fields: keys.join(', ') },
      );
    }
    case 'EXIT':
      return c.reason ? i18n.t('Ends: {reason}', { reason: String(c.reason) }) : i18n.t('Ends the execution');
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
  if (w.triggerType === 'MANUAL') return i18n.t('Started by hand');
  if (w.triggerType === 'SCHEDULE')
    return w.triggerConfig.schedule
      ? i18n.t('Schedule {schedule}', { schedule: String(w.triggerConfig.schedule) })
      : i18n.t('Schedule not set');
  return w.triggerConfig.eventName ? String(w.triggerConfig.eventName) : i18n.t('No event');
}
