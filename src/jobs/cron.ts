/** A small 5-field cron matcher (minute hour day-of-month month day-of-week, UTC): `*`, lists, ranges, steps. */

type FieldSpec = { min: number; max: number };
const FIELDS: FieldSpec[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12 },
  { min: 0, max: 7 },
];

export interface CronMatcher {
  matches(date: Date): boolean;
}

/** Parses a cron pattern; throws on anything malformed so a bad registry entry fails at start. */
export function parseCron(pattern: string): CronMatcher {
  const parts = pattern.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron pattern needs 5 fields: "${pattern}"`);
  const sets = parts.map((part, i) => parseField(part, FIELDS[i]!, pattern));
  const [minutes, hours, days, months, weekdays] = sets as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  if (weekdays.has(7)) weekdays.add(0);
  const dayRestricted = parts[2] !== '*';
  const weekdayRestricted = parts[4] !== '*';
  return {
    matches(date: Date) {
      if (!minutes.has(date.getUTCMinutes()) || !hours.has(date.getUTCHours()) || !months.has(date.getUTCMonth() + 1)) {
        return false;
      }
      const dom = days.has(date.getUTCDate());
      const dow = weekdays.has(date.getUTCDay());
      // Classic cron: when both day fields are restricted, either one matching is enough.
      if (dayRestricted && weekdayRestricted) return dom || dow;
      return dom && dow;
    },
  };
}

function parseField(part: string, spec: FieldSpec, pattern: string): Set<number> {
  const out = new Set<number>();
  for (const item of part.split(',')) {
    const m = /^(\*|\d+(?:-\d+)?)(?:\/(\d+))?$/.exec(item);
    if (!m) throw new Error(`bad cron field "${part}" in "${pattern}"`);
    const step = m[2] ? Number(m[2]) : 1;
    let lo = spec.min;
    let hi = spec.max;
    if (m[1] !== '*') {
      const [a, b] = m[1]!.split('-').map(Number) as [number, number | undefined];
      lo = a;
      hi = b ?? (m[2] ? spec.max : a);
    }
    if (step < 1 || lo < spec.min || hi > spec.max || lo > hi)
      throw new Error(`cron field out of range in "${pattern}"`);
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

/** The latest minute at or before `now` that the pattern matches, searching back at most `lookbackMinutes`. */
export function lastMatch(matcher: CronMatcher, now: Date, lookbackMinutes = 60 * 24): Date | undefined {
  const t = new Date(now);
  t.setUTCSeconds(0, 0);
  for (let i = 0; i <= lookbackMinutes; i++) {
    if (matcher.matches(t)) return t;
    t.setUTCMinutes(t.getUTCMinutes() - 1);
  }
  return undefined;
}
