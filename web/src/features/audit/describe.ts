/** How the audit log reads: who acted, what a changed value looks like, where a resource lives. */
import type { AuditActor, AuditEntry } from '../../queries/audit.ts';

/** The person, key or process behind an entry, in words. */
export function actorLabel(actor: AuditActor): string {
  if (actor.type === 'USER') return actor.email ?? actor.id ?? 'A deleted member';
  if (actor.type === 'KEY') return actor.id ? `API key ${actor.id}` : 'API key';
  return 'System';
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

/** A resource type as words: `webhook_endpoint` → "Webhook endpoint". */
export function resourceTypeLabel(type: string): string {
  const words = type.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
