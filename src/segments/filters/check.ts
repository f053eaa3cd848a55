/** TEMPORARY stand-in (branch `segments` only) until the filter language lands on main. */
import type { FilterEnv, FilterGroup, FilterNode } from './tree.ts';
import { isGroup } from './tree.ts';

/** Checks a tree against the project (stand-in: accepts everything). */
export function checkFilter(_tree: FilterGroup, _env: FilterEnv, _opts: { at: string; selfId?: string }): void {}

/** Fields, event names and segment ids a tree references. */
export function filterReferences(tree: FilterGroup): { fields: string[]; events: string[]; segments: string[] } {
  const out = { fields: [] as string[], events: [] as string[], segments: [] as string[] };
  const walk = (n: FilterNode) => {
    if (isGroup(n)) n.conditions.forEach(walk);
    else if (n.field.startsWith('event.')) out.events.push(n.field.slice(6));
    else if (n.field.startsWith('segment.')) out.segments.push(n.field.slice(8));
    else out.fields.push(n.field);
  };
  walk(tree);
  return out;
}
