/** How the audit log reads: who acted, what a changed value looks like, where a resource lives. */
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';
import type { AuditActor, AuditEntry } from '../../queries/audit.ts';

/** The person, key or process behind an entry, in words. */
export function actorLabel(actor: AuditActor): string {
  if (actor.type === 'USER') return actor.email ?? actor.id ?? i18n.t('A deleted member');
  if (actor.type === 'KEY') return actor.id ? i18n.t('API key {id}', { id: actor.id }) : i18n.t('API key');
  return i18n.t('System');
}

/** What the `actor` filter takes for this actor (an id, else an email); none for the server itself. */
export function actorValue(actor: AuditActor): string | undefined {
  return actor.id ?? actor.email ?? undefined;
}

/** How one value before or after a change shows: nothing, one line of text, or a block of it. */
export type ShownValue = { kind: 'none' } | { kind: 'text'; text: string } | { kind: 'block'; text: string };

/** Longer than this, or over several lines, a value gets a block of its own that wraps. */
const INLINE_MAX = 60;

export function showValue(value: unknown): ShownValue {
  if (value === null || value === undefined) return { kind: 'none' };
  if (typeof value !== 'object') {
    const text = String(value);
    return text.length <= INLINE_MAX && !text.includes('\n') ? { kind: 'text', text } : { kind: 'block', text };
  }
  // Short arrays and objects read best on one line (["a","b"], {}); longer JSON is shown indented.
  const compact = JSON.stringify(value);
  return compact.length <= INLINE_MAX
    ? { kind: 'text', text: compact }
    : { kind: 'block', text: JSON.stringify(value, null, 2) };
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The entry's changed fields in the API's order, each as before and after. */
export function fieldChanges(entry: Pick<AuditEntry, 'changes'>): FieldChange[] {
  return Object.entries(entry.changes ?? {}).map(([field, pair]) => {
    const [before, after] = Array.isArray(pair) ? pair : [undefined, pair];
    return { field, before, after };
  });
}

/** `template.*` for each kind of resource among `actions`, for the filter's "any template action". */
export function actionGroups(actions: readonly string[]): string[] {
  const prefixes = actions.map((a) => a.split('.')[0]!).filter((p, i, all) => p && all.indexOf(p) === i);
  return prefixes.sort().map((p) => `${p}.*`);
}

// Where a resource's own screen is, relative to the project; kinds without one are left out.
const SCREENS: Record<string, string> = {
  template: 'templates',
  campaign: 'campaigns',
  segment: 'segments',
  workflow: 'workflows',
  domain: 'domains',
  webhook_endpoint: 'webhooks',
  contact: 'contacts',
};

/** The path segments of the resource's screen, when it has one and the entry did not delete it. */
export function resourceScreen(entry: Pick<AuditEntry, 'action' | 'resource'>): string[] | undefined {
  const screen = SCREENS[entry.resource.type];
  if (!screen || !entry.resource.id || entry.action.endsWith('.deleted')) return undefined;
  return [screen, entry.resource.id];
}

/**
 * The resource types the log names (and the first word of its actions, which the action filter groups
 * by), each in words and as the filter's "any … action": English messages, translated where shown.
 */
const RESOURCE_TYPES: Record<string, { label: string; any: string }> = {
  audit_log: { label: msg('Audit log'), any: msg('Any audit log action') },
  auth: { label: msg('Auth'), any: msg('Any auth action') },
  billing: { label: msg('Billing'), any: msg('Any billing action') },
  bulk_job: { label: msg('Bulk job'), any: msg('Any bulk job action') },
  campaign: { label: msg('Campaign'), any: msg('Any campaign action') },
  contact: { label: msg('Contact'), any: msg('Any contact action') },
  contacts: { label: msg('Contacts'), any: msg('Any contacts action') },
  domain: { label: msg('Domain'), any: msg('Any domain action') },
  email: { label: msg('Email'), any: msg('Any email action') },
  event: { label: msg('Event'), any: msg('Any event action') },
  field: { label: msg('Field'), any: msg('Any field action') },
  import: { label: msg('Import'), any: msg('Any import action') },
  invite: { label: msg('Invite'), any: msg('Any invite action') },
  key: { label: msg('Key'), any: msg('Any key action') },
  mcp: { label: msg('Mcp'), any: msg('Any mcp action') },
  member: { label: msg('Member'), any: msg('Any member action') },
  project: { label: msg('Project'), any: msg('Any project action') },
  segment: { label: msg('Segment'), any: msg('Any segment action') },
  suppression: { label: msg('Suppression'), any: msg('Any suppression action') },
  suppression_import: { label: msg('Suppression import'), any: msg('Any suppression import action') },
  suppressions: { label: msg('Suppressions'), any: msg('Any suppressions action') },
  template: { label: msg('Template'), any: msg('Any template action') },
  topic: { label: msg('Topic'), any: msg('Any topic action') },
  transport: { label: msg('Transport'), any: msg('Any transport action') },
  upload: { label: msg('Upload'), any: msg('Any upload action') },
  user: { label: msg('User'), any: msg('Any user action') },
  webhook_endpoint: { label: msg('Webhook endpoint'), any: msg('Any webhook endpoint action') },
  webhook_message: { label: msg('Webhook message'), any: msg('Any webhook message action') },
  workflow: { label: msg('Workflow'), any: msg('Any workflow action') },
};

const known = (type: string) => (Object.hasOwn(RESOURCE_TYPES, type) ? RESOURCE_TYPES[type] : undefined);

/** A resource type as words: `webhook_endpoint` → "Webhook endpoint"; a type the dashboard does not know reads as its own words. */
export function resourceTypeLabel(type: string): string {
  const text = known(type);
  if (text) return i18n.t(text.label);
  const words = type.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The action filter's option for every action on a kind of resource: "Any template action". */
export function anyActionLabel(prefix: string): string {
  const text = known(prefix);
  return text ? i18n.t(text.any) : i18n.t('Any {resource} action', { resource: prefix.replaceAll('_', ' ') });
}
