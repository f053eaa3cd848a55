/**
 * Step configs of decisions.md "Events, workflows": each type's shape checked and normalised, every
 * problem a 422 naming its path (`config.amount`). Pure: references to the project (a template, the
 * filter's fields) are checked by the service with what it loads.
 */
import { isPlainObject } from '../contacts/data-rules.ts';
import { normalizeEmail } from '../contacts/email.ts';
import type { StepType } from '../db/workflow-tables.ts';
import { AppError, type FieldError, invalid, invalidFields } from '../errors.ts';
import { parseClock, WEEKDAYS, type Weekday } from '../lib/zoned-time.ts';
import { checkCustomHeaders } from '../mail/headers.ts';
import { assertTemplateSyntax } from '../mail/render/liquid.ts';
import type { FilterForm } from '../segments/filters/check.ts';
import { parseFilterInput } from '../segments/filters/parse.ts';
import type { FilterGroup } from '../segments/filters/tree.ts';

export const DELAY_UNITS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
export type DelayUnit = keyof typeof DELAY_UNITS;
/** decisions.md: a DELAY is at most 365 days; a WAIT_FOR_EVENT timeout too. */
export const MAX_WAIT_MS = 365 * DELAY_UNITS.days;
export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const MAX_URL = 2048;
const MAX_BODY_JSON = 64 * 1024;

export interface SendEmailConfig {
  templateId: string;
  recipient: { type: 'CONTACT' } | { type: 'CUSTOM'; customEmail: string };
  /** Only contacts subscribed to this topic are sent to (beyond.md §1); the others are skipped. */
  topicId?: string;
}
/** A wait for a duration, or until a local time in the contact's zone (beyond.md §9). */
export type DelayConfig = { amount: number; unit: DelayUnit } | { until: DelayUntil };
export interface DelayUntil {
  localTime: string;
  /** Only on these weekdays; absent: any day. */
  days?: Weekday[];
}
export interface WaitConfig {
  eventName: string;
  /** Seconds; absent: wait until the event comes. */
  timeout?: number;
}
export interface WebhookConfig {
  url: string;
  method: (typeof WEBHOOK_METHODS)[number];
  headers: Record<string, string>;
  /** A Liquid string sent as is, or an object whose strings are rendered and which is sent as JSON. */
  body?: string | Record<string, unknown>;
}
export interface UpdateContactConfig {
  updates: Record<string, unknown>;
  subscriptionAction: 'none' | 'subscribe' | 'unsubscribe';
}
export interface ExitConfig {
  reason?: string;
}

type Config = Record<string, unknown>;
const at = (key: string) => `config.${key}`;

function str(c: Config, key: string, max: number, required: boolean): string | undefined {
  const v = c[key];
  if (v === undefined || v === null) {
    if (required) throw invalid(at(key), 'is required', 'REQUIRED');
    return undefined;
  }
  if (typeof v !== 'string' || v.trim() === '') throw invalid(at(key), 'must be a non-empty string');
  if (v.length > max) throw invalid(at(key), `must be at most ${max} characters`, 'TOO_LONG');
  return v.trim();
}

function sendEmail(c: Config): SendEmailConfig {
  const topicId = str(c, 'topicId', 64, false);
  return { ...sendEmailTarget(c), ...(topicId && { topicId }) };
}

function sendEmailTarget(c: Config): SendEmailConfig {
  const templateId = str(c, 'templateId', 64, true)!;
  const r = c.recipient;
  if (r === undefined || r === null) return { templateId, recipient: { type: 'CONTACT' } };
  if (!isPlainObject(r)) throw invalid(at('recipient'), 'must be an object { type, customEmail? }');
  if (r.type === undefined && r.customEmail !== undefined) {
    throw invalid(at('recipient.type'), 'is required with customEmail: CUSTOM sends to it', 'REQUIRED');
  }
  if (r.type === undefined || r.type === 'CONTACT') return { templateId, recipient: { type: 'CONTACT' } };
  if (r.type !== 'CUSTOM') throw invalid(at('recipient.type'), 'must be CONTACT or CUSTOM');
  const email = typeof r.customEmail === 'string' ? normalizeEmail(r.customEmail) : undefined;
  if (!email) throw invalid(at('recipient.customEmail'), 'must be a valid email address', 'INVALID_EMAIL');
  return { templateId, recipient: { type: 'CUSTOM', customEmail: email } };
}

function delayUntil(u: unknown): DelayConfig {
  if (!isPlainObject(u)) throw invalid(at('until'), 'must be an object { localTime, days? }');
  if (typeof u.localTime !== 'string' || !parseClock(u.localTime))
    throw invalid(at('until.localTime'), 'must be a time HH:MM (00:00 to 23:59)', 'INVALID_TIME');
  if (u.days === undefined) return { until: { localTime: u.localTime } };
  const days = u.days;
  const known: readonly string[] = WEEKDAYS;
  if (!Array.isArray(days) || days.length === 0 || days.some((d) => typeof d !== 'string' || !known.includes(d)))
    throw invalid(at('until.days'), `must be a non-empty list of ${WEEKDAYS.join(', ')}`);
  if (new Set(days).size !== days.length) throw invalid(at('until.days'), 'must not repeat a day', 'DUPLICATE');
  return { until: { localTime: u.localTime, days: days as Weekday[] } };
}

function delay(c: Config): DelayConfig {
  if (c.until !== undefined) {
    if (c.amount !== undefined || c.unit !== undefined)
      throw invalid(at('until'), 'is given instead of amount and unit, not with them');
    return delayUntil(c.until);
  }
  const { amount, unit } = c;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
    throw invalid(at('amount'), 'must be a number of at least 0');
  }
  if (typeof unit !== 'string' || !(unit in DELAY_UNITS)) throw invalid(at('unit'), 'must be minutes, hours or days');
  if (amount * DELAY_UNITS[unit as DelayUnit] > MAX_WAIT_MS) throw invalid(at('amount'), 'must be at most 365 days');
  return { amount, unit: unit as DelayUnit };
}

function wait(c: Config): WaitConfig {
  const eventName = str(c, 'eventName', 200, true)!;
  const t = c.timeout;
  if (t === undefined || t === null) return { eventName };
  if (typeof t !== 'number' || !Number.isInteger(t) || t < 1)
    throw invalid(at('timeout'), 'must be a whole number of seconds, at least 1');
  if (t * 1000 > MAX_WAIT_MS) throw invalid(at('timeout'), 'must be at most 365 days');
  return { eventName, timeout: t };
}

/** The body form of a CONDITION's tree: `{ logic, groups }` (segments' `condition`) or `{ operator, conditions }`. */
export const conditionForm = (c: Config): FilterForm =>
  isPlainObject(c.condition) && 'groups' in c.condition ? 'condition' : 'filters';

/** The tree a CONDITION config describes: `{ field, operator, value, unit?, count? }` or a tree under `condition`. */
export function conditionTree(c: Config): FilterGroup {
  if (c.condition !== undefined && c.condition !== null) {
    const tree = parseFilterInput(
      { [conditionForm(c)]: c.condition },
      { filters: at('condition'), condition: at('condition') },
    );
    if (!tree || tree.conditions.length === 0) throw invalid(at('condition'), 'must hold at least one condition');
    return tree;
  }
  if (c.field === undefined)
    throw invalid(at('field'), 'is required (or give a filter tree under config.condition)', 'REQUIRED');
  const { field, operator, value, unit, count } = c;
  const single = { field, operator, value, unit, count };
  try {
    return parseFilterInput(
      { filters: { operator: 'AND', conditions: [single] } },
      { filters: 'config', condition: 'config' },
    )!;
  } catch (err) {
    throw asSingleCondition(err);
  }
}

/** The single form's one condition is the config itself: its problems name `config.<field>`, as sent. */
export function asSingleCondition(err: unknown): unknown {
  if (err instanceof AppError && err.details.errors) {
    for (const e of err.details.errors) e.field = e.field.replace(/^config\.conditions\[0\]/, 'config');
    err.message = err.message.replace(/^config\.conditions\[0\]/, 'config');
  }
  return err;
}

function condition(c: Config): Config {
  conditionTree(c);
  if (c.condition !== undefined && c.condition !== null) return { condition: c.condition };
  const out: Config = { field: c.field, operator: c.operator };
  for (const k of ['value', 'unit', 'count']) if (c[k] !== undefined) out[k] = c[k];
  return out;
}

/** Headers a webhook call sets itself (its signature and delivery id) or that belong to the connection. */
const webhookReserved = (name: string) =>
  name.startsWith('x-mailwright-') || ['host', 'content-length', 'transfer-encoding', 'connection'].includes(name);

function webhook(c: Config): WebhookConfig {
  const url = str(c, 'url', MAX_URL, true)!;
  if (!/^https?:\/\//i.test(url)) throw invalid(at('url'), 'must start with http:// or https://');
  assertTemplateSyntax(at('url'), 'subject', url);
  const method = (
    typeof c.method === 'string' ? c.method.toUpperCase() : (c.method ?? 'POST')
  ) as WebhookConfig['method'];
  if (!WEBHOOK_METHODS.includes(method)) throw invalid(at('method'), `must be one of ${WEBHOOK_METHODS.join(', ')}`);
  const headers = c.headers ?? {};
  if (!isPlainObject(headers)) throw invalid(at('headers'), 'must be an object of strings');
  const errors: FieldError[] = checkCustomHeaders(headers, at('headers'), webhookReserved);
  if (errors.length > 0) throw invalidFields(errors);
  for (const [k, v] of Object.entries(headers)) assertTemplateSyntax(at(`headers.${k}`), 'subject', String(v));
  const out: WebhookConfig = { url, method, headers: headers as Record<string, string> };
  const body = c.body;
  if (body === undefined || body === null) return out;
  if (typeof body !== 'string' && !isPlainObject(body)) throw invalid(at('body'), 'must be a string or an object');
  if (JSON.stringify(body).length > MAX_BODY_JSON) throw invalid(at('body'), 'must be at most 64 KB', 'TOO_LONG');
  forEachString(body, (s, path) => assertTemplateSyntax(at(`body${path}`), 'subject', s));
  return { ...out, body };
}

/** Calls `fn` on every string in `value` with its path (`.a.b[0]`). */
export function forEachString(value: unknown, fn: (s: string, path: string) => void, path = ''): void {
  if (typeof value === 'string') fn(value, path);
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) forEachString(v, fn, `${path}[${i}]`);
  } else if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) forEachString(v, fn, `${path}.${k}`);
}

function updateContact(c: Config): UpdateContactConfig {
  const updates = c.updates ?? {};
  if (!isPlainObject(updates)) throw invalid(at('updates'), 'must be an object of contact fields');
  const action = c.subscriptionAction ?? 'none';
  if (action !== 'none' && action !== 'subscribe' && action !== 'unsubscribe') {
    throw invalid(at('subscriptionAction'), 'must be none, subscribe or unsubscribe');
  }
  if (Object.keys(updates).length === 0 && action === 'none') {
    throw invalid(at('updates'), 'give updates or a subscriptionAction: this step would change nothing');
  }
  return { updates, subscriptionAction: action };
}

function exit(c: Config): ExitConfig {
  const reason = str(c, 'reason', 500, false);
  return reason ? { reason } : {};
}

/** The config of a step of `type`, checked and normalised; 422 naming the first problem. */
export function normalizeStepConfig(type: StepType, config: Config | undefined): Config {
  const c = config ?? {};
  switch (type) {
    case 'TRIGGER':
      return {};
    case 'SEND_EMAIL':
      return { ...sendEmail(c) };
    case 'DELAY':
      return { ...delay(c) };
    case 'WAIT_FOR_EVENT':
      return { ...wait(c) };
    case 'CONDITION':
      return condition(c);
    case 'WEBHOOK':
      return { ...webhook(c) };
    case 'UPDATE_CONTACT':
      return { ...updateContact(c) };
    case 'EXIT':
      return { ...exit(c) };
  }
}

/** A DELAY's length in milliseconds. */
export const delayMs = (c: Extract<DelayConfig, { amount: number }>) => Math.round(c.amount * DELAY_UNITS[c.unit]);
