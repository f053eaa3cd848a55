/**
 * Where a named thing (a custom field, a template, an event name) is referenced. Each feature that
 * can reference one gives a lookup at composition (src/composition.ts); the feature owning the thing
 * merges their answers (GET …/usage) and never imports them.
 */

/** One referring item: its id and name, and whatever places the reference (a workflow's step id). */
export type UsageRef = { id: string; name: string } & Record<string, unknown>;

/** References by kind of referrer (`segments`, `campaigns`, `workflows`). */
export type Usage = Record<string, UsageRef[]>;

/** Finds references to `name` within one project; a kind left out has none. */
export type UsageLookup<U extends Usage = Usage> = (projectId: string, name: string) => Promise<Partial<U>>;

/** Every lookup's references to `name`, merged into `empty`'s kinds. */
export async function findUsage<U extends Usage>(
  lookups: readonly UsageLookup[],
  projectId: string,
  name: string,
  empty: U,
): Promise<U> {
  for (const part of await Promise.all(lookups.map((lookup) => lookup(projectId, name)))) {
    for (const kind of Object.keys(empty)) empty[kind]!.push(...(part[kind] ?? []));
  }
  return empty;
}
