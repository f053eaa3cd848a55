/**
 * Each step type's settings as form state (strings, as typed) and back to the config the API takes
 * (decisions.md "Events, workflows": step configs). The API checks the result and names problems by
 * `config.<path>`, which the forms show under the matching control. Pure.
 */

import { inWeekOrder, type Weekday } from '../../lib/weekdays.ts';
import { type ConditionDraft, configFromDraft, draftFromConfig } from './condition.ts';
import type { AddableType } from './model.ts';

export type TimeUnit = 'minutes' | 'hours' | 'days';
export type ValueKind = 'string' | 'number' | 'boolean' | 'json' | 'remove';

export interface SendEmailDraft {
  templateId: string;
  recipient: 'CONTACT' | 'CUSTOM';
  customEmail: string;
  /** The topic the contact must be subscribed to; '' for none. */
  topicId: string;
}
export interface DelayDraft {
  /** For a duration (`amount` `unit`), or until a local time in the contact's zone on some days. */
  mode: 'DURATION' | 'UNTIL';
  amount: string;
  unit: TimeUnit;
  /** HH:MM (mode UNTIL). */
  localTime: string;
  /** The days it may go on; none: any day. */
  days: Weekday[];
}
export interface WaitDraft {
  eventName: string;
  timeLimit: boolean;
  timeoutAmount: string;
  timeoutUnit: TimeUnit;
}
export interface ConditionStepDraft {
  /** The filter builder's tree: every stored condition, nested or not, opens in it. */
  rules: ConditionDraft;
}
export interface WebhookDraft {
  url: string;
  method: string;
  headers: Array<{ name: string; value: string }>;
  body: string;
}
export interface UpdateDraft {
  updates: Array<{ key: string; kind: ValueKind; value: string }>;
  subscriptionAction: 'none' | 'subscribe' | 'unsubscribe';
}
export interface ExitDraft {
  reason: string;
}

export interface StepDrafts {
  SEND_EMAIL: SendEmailDraft;
  DELAY: DelayDraft;
  WAIT_FOR_EVENT: WaitDraft;
  CONDITION: ConditionStepDraft;
  WEBHOOK: WebhookDraft;
  UPDATE_CONTACT: UpdateDraft;
  EXIT: ExitDraft;
}
export type AnyDraft = StepDrafts[AddableType];

type Config = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const SECONDS: Record<TimeUnit, number> = { minutes: 60, hours: 3600, days: 86_400 };

/** A number as typed when it is one; the text otherwise, so the API names the problem. */
function num(s: string): unknown {
  const t = s.trim();
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : t === '' ? undefined : t;
}

function kindOf(v: unknown): ValueKind {
  if (v === null) return 'remove';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'object') return 'json';
  return 'string';
}

/** The form state for a step of `type` with `config` (an empty config: a new step's defaults). */
export function draftFor<T extends AddableType>(type: T, config: Config = {}): StepDrafts[T] {
  const c = config;
  const drafts: { [K in AddableType]: () => StepDrafts[K] } = {
    SEND_EMAIL: () => {
      const r = (c.recipient ?? {}) as Config;
      return {
        templateId: str(c.templateId),
        recipient: r.type === 'CUSTOM' ? 'CUSTOM' : 'CONTACT',
        customEmail: str(r.customEmail),
        topicId: str(c.topicId),
      };
    },
    DELAY: () => {
      const until = (c.until ?? null) as { localTime?: unknown; days?: unknown } | null;
      return {
        mode: until ? 'UNTIL' : 'DURATION',
        amount: c.amount === undefined ? '1' : str(c.amount),
        unit: (['minutes', 'hours', 'days'].includes(str(c.unit)) ? c.unit : 'days') as TimeUnit,
        localTime: until ? str(until.localTime) : '09:00',
        days: until && Array.isArray(until.days) ? inWeekOrder(until.days.map(str)) : [],
      };
    },
    WAIT_FOR_EVENT: () => {
      const t = typeof c.timeout === 'number' ? c.timeout : undefined;
      const unit: TimeUnit = t === undefined || t % 86_400 === 0 ? 'days' : t % 3600 === 0 ? 'hours' : 'minutes';
      return {
        eventName: str(c.eventName),
        timeLimit: t !== undefined,
        timeoutAmount: t === undefined ? '3' : String(t / SECONDS[unit]),
        timeoutUnit: unit,
      };
    },
    CONDITION: () => ({ rules: draftFromConfig(c) }),
    WEBHOOK: () => ({
      url: str(c.url),
      method: str(c.method) || 'POST',
      headers: Object.entries((c.headers ?? {}) as Record<string, unknown>).map(([name, value]) => ({
        name,
        value: str(value),
      })),
      body:
        c.body === undefined || c.body === null
          ? ''
          : typeof c.body === 'string'
            ? c.body
            : JSON.stringify(c.body, null, 2),
    }),
    UPDATE_CONTACT: () => ({
      updates: Object.entries((c.updates ?? {}) as Config).map(([key, v]) => ({
        key,
        kind: kindOf(v),
        value: v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v),
      })),
      subscriptionAction:
        c.subscriptionAction === 'subscribe' || c.subscriptionAction === 'unsubscribe' ? c.subscriptionAction : 'none',
    }),
    EXIT: () => ({ reason: str(c.reason) }),
  };
  return drafts[type]() as StepDrafts[T];
}

/** A value of an UPDATE_CONTACT row as its kind says. */
function rowValue(kind: ValueKind, raw: string): unknown {
  switch (kind) {
    case 'remove':
      return null;
    case 'number':
      return num(raw) ?? raw;
    case 'boolean':
      return raw === 'true';
    case 'json':
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
    default:
      return raw;
  }
}

/** A webhook body: JSON when it parses as an object, else the text as a Liquid string. */
function webhookBody(raw: string): unknown {
  const t = raw.trim();
  if (t === '') return undefined;
  if (t.startsWith('{')) {
    try {
      const parsed = JSON.parse(t);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
    } catch {
      // Not JSON: sent as text.
    }
  }
  return raw;
}

/**
 * The config the API takes for the form state; `fieldTypes` types a condition's values. Anything
 * typed is sent as it is, so the API's message for a wrong value lands under its control.
 */
export function configFor(type: AddableType, draft: AnyDraft, fieldTypes: ReadonlyMap<string, string>): Config {
  switch (type) {
    case 'SEND_EMAIL': {
      const d = draft as SendEmailDraft;
      return {
        templateId: d.templateId,
        recipient:
          d.recipient === 'CUSTOM' ? { type: 'CUSTOM', customEmail: d.customEmail.trim() } : { type: 'CONTACT' },
        // Left out when none, so a step saved before topics existed reads back unchanged.
        ...(d.topicId ? { topicId: d.topicId } : {}),
      };
    }
    case 'DELAY': {
      const d = draft as DelayDraft;
      if (d.mode === 'UNTIL') {
        return { until: { localTime: d.localTime, ...(d.days.length > 0 ? { days: inWeekOrder(d.days) } : {}) } };
      }
      return { amount: num(d.amount) ?? null, unit: d.unit };
    }
    case 'WAIT_FOR_EVENT': {
      const d = draft as WaitDraft;
      const out: Config = { eventName: d.eventName.trim() };
      if (d.timeLimit) {
        const n = num(d.timeoutAmount);
        out.timeout = typeof n === 'number' ? Math.round(n * SECONDS[d.timeoutUnit]) : (n ?? null);
      }
      return out;
    }
    case 'CONDITION': {
      return configFromDraft((draft as ConditionStepDraft).rules, fieldTypes);
    }
    case 'WEBHOOK': {
      const d = draft as WebhookDraft;
      const headers: Record<string, string> = {};
      for (const h of d.headers) if (h.name.trim()) headers[h.name.trim()] = h.value;
      const out: Config = { url: d.url.trim(), method: d.method, headers };
      const body = webhookBody(d.body);
      if (body !== undefined) out.body = body;
      return out;
    }
    case 'UPDATE_CONTACT': {
      const d = draft as UpdateDraft;
      const updates: Config = {};
      for (const u of d.updates) if (u.key.trim()) updates[u.key.trim()] = rowValue(u.kind, u.value);
      return { updates, subscriptionAction: d.subscriptionAction };
    }
    case 'EXIT': {
      const d = draft as ExitDraft;
      return d.reason.trim() ? { reason: d.reason.trim() } : {};
    }
  }
}
