/** The days of the week as the API names them (send windows, a workflow's wait until a local time). */

export type Weekday = 'MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT' | 'SUN';

export const WEEKDAYS: Array<{ id: Weekday; short: string; long: string }> = [
  { id: 'MON', short: 'Mon', long: 'Monday' },
  { id: 'TUE', short: 'Tue', long: 'Tuesday' },
  { id: 'WED', short: 'Wed', long: 'Wednesday' },
  { id: 'THU', short: 'Thu', long: 'Thursday' },
  { id: 'FRI', short: 'Fri', long: 'Friday' },
  { id: 'SAT', short: 'Sat', long: 'Saturday' },
  { id: 'SUN', short: 'Sun', long: 'Sunday' },
];

/** The days in week order, whatever order they were ticked in; unknown names dropped. */
export function inWeekOrder(days: readonly string[]): Weekday[] {
  return WEEKDAYS.map((w) => w.id).filter((id) => days.includes(id));
}
