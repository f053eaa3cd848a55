/** A contact's time zone (beyond.md §9): `data.timezone` when Intl knows it as an IANA name, else the project's. */
import { isTimeZone } from '../lib/zoned-time.ts';

export function contactZone(data: unknown, projectZone: string): string {
  const zone = data && typeof data === 'object' ? (data as Record<string, unknown>).timezone : undefined;
  return typeof zone === 'string' && isTimeZone(zone) ? zone : projectZone;
}
