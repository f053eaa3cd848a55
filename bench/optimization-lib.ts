/**
 * Plumbing of the optimization benchmark: the contacts it imports (IANA zones, invalid names and
 * none), what a local-time send of them should do, and the project settings it changes as the owner.
 */
import type { Service } from './service.ts';

/** Names Intl refuses as a time zone: a contact holding one is in the project's zone. */
export const INVALID_ZONES = ['Mars/Olympus_Mons', 'Europe/Atlantis', 'Not a zone', 'GMT+25'];

/** `count` IANA zones spread over Intl's list, none of them UTC (the project's zone, where the rest go). */
export function spreadZones(count: number): string[] {
  const all = Intl.supportedValuesOf('timeZone').filter((z) => z.includes('/') && !z.startsWith('Etc/'));
  return Array.from({ length: count }, (_, k) => all[Math.floor((k * all.length) / count)]!);
}

/** The `timezone` cell of zoned contact `i`: one in 50 an invalid name, one in 50 empty, the rest cycling through `zones`. */
function zoneCell(zones: string[], i: number): string {
  if (i % 50 === 0) return INVALID_ZONES[(i / 50) % INVALID_ZONES.length]!;
  if (i % 50 === 1) return '';
  return zones[(48 * Math.floor(i / 50) + (i % 50) - 2) % zones.length]!;
}

/** Contacts `from` to `to` (exclusive) as CSV, all with `cohort` bench; `withZone` false leaves the timezone column out. */
export function contactRows(zones: string[], withZone: boolean) {
  return (from: number, to: number): Buffer => {
    const lines = [withZone ? 'email,first_name,cohort,timezone' : 'email,first_name,cohort'];
    for (let i = from; i < to; i++) {
      const row = `z${i}@example${i % 97}.test,First${i},bench`;
      lines.push(withZone ? `${row},${zoneCell(zones, i)}` : row);
    }
    return Buffer.from(`${lines.join('\n')}\n`);
  };
}

/** Each zone's recipients among `zoned` contacts with a timezone cell and `without` with none; the rest are in `projectZone`. */
export function expectedZones(
  zones: string[],
  zoned: number,
  without: number,
  projectZone: string,
): Map<string, number> {
  const out = new Map<string, number>([[projectZone, without]]);
  for (let i = 0; i < zoned; i++) {
    const cell = zoneCell(zones, i);
    const zone = cell === '' || INVALID_ZONES.includes(cell) ? projectZone : cell;
    out.set(zone, (out.get(zone) ?? 0) + 1);
  }
  return out;
}

/** The instant whose wall clock in `zone` reads `date` `time` (YYYY-MM-DD, HH:MM; a time no DST change touches). */
export function zoneMoment(date: string, time: string, zone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const offsetAt = (t: number) => {
    const p = Object.fromEntries(parts.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) - Math.floor(t / 60_000) * 60_000;
  };
  let at = wall - offsetAt(wall);
  at = wall - offsetAt(at);
  return new Date(at);
}

export interface Plan {
  total: number;
  groups: { timezone: string; sendAt: string; recipients: number }[];
}

type Due = Map<string, { zone: string; n: number }[]>;

/** Recipients by due time (ISO 8601) and zone, for `byZone` recipients sent at `local` in their zones. */
export function expectedDue(byZone: Map<string, number>, local: { localTime: string; date: string }): Due {
  const out: Due = new Map();
  for (const [zone, n] of byZone) {
    const at = zoneMoment(local.date, local.localTime, zone).toISOString();
    out.set(at, [...(out.get(at) ?? []), { zone, n }]);
  }
  return out;
}

/** Where a send plan departs from `expected` for `total` recipients (at most 5); empty when it does not. */
export function planProblems(plan: Plan, expected: Due, total: number): string[] {
  const want = new Map([...expected].flatMap(([at, zs]) => zs.map((z) => [z.zone, { at, n: z.n }] as const)));
  const problems: string[] = [];
  if (plan.total !== total) problems.push(`total ${plan.total}`);
  if (plan.groups.length !== want.size) problems.push(`${plan.groups.length} groups, expected ${want.size}`);
  for (const g of plan.groups) {
    const w = want.get(g.timezone);
    if (!w) problems.push(`a group for ${JSON.stringify(g.timezone)}`);
    else if (w.n !== g.recipients || w.at !== new Date(g.sendAt).toISOString())
      problems.push(`${g.timezone}: ${g.recipients} at ${g.sendAt}, expected ${w.n} at ${w.at}`);
  }
  return problems.slice(0, 5);
}

/** PATCH /users/@me/projects/:id as the project's owner (signed in, from the site). */
export async function patchProject(svc: Service, body: object): Promise<Record<string, unknown>> {
  const res = await fetch(`${svc.url}/users/@me/projects/${svc.projectId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie: svc.cookie, 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
  const out = (await res.json()) as Record<string, unknown>;
  if (res.status >= 400) throw new Error(`PATCH project: ${res.status} ${JSON.stringify(out)}`);
  return out;
}
