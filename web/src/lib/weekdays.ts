/** The days of the week as the API names them (send windows, a workflow's wait until a local time). */
import { perLanguage } from '../i18n/active-language.ts';

export type Weekday = 'MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT' | 'SUN';

const IDS: Weekday[] = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

// The names come from Intl in the dashboard's language ("Mon" / "Mo." / "lun."): 1 January 2024, in
// UTC, was a Monday.
const shortNames = perLanguage((l) => new Intl.DateTimeFormat(l, { weekday: 'short', timeZone: 'UTC' }));
const longNames = perLanguage((l) => new Intl.DateTimeFormat(l, { weekday: 'long', timeZone: 'UTC' }));
const dayOf = (index: number) => Date.UTC(2024, 0, 1 + index);

/** Each day with its names, read when asked for, so they follow the language the dashboard speaks now. */
export const WEEKDAYS: ReadonlyArray<{ readonly id: Weekday; readonly short: string; readonly long: string }> = IDS.map(
  (id, index) => ({
    id,
    get short() {
      return shortNames().format(dayOf(index));
    },
    get long() {
      return longNames().format(dayOf(index));
    },
  }),
);

/** The days in week order, whatever order they were ticked in; unknown names dropped. */
export function inWeekOrder(days: readonly string[]): Weekday[] {
  return WEEKDAYS.map((w) => w.id).filter((id) => days.includes(id));
}
