/** Weekday checkboxes under a legend, with the API's error for the list (send windows, a DELAY until a local time). */
import { WEEKDAYS, type Weekday } from '../lib/weekdays.ts';
import { Checkbox } from './Field.tsx';

export function WeekdayPicker(props: {
  legend: string;
  days: readonly Weekday[];
  onChange: (days: Weekday[]) => void;
  error?: string;
}) {
  const { days } = props;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">{props.legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {WEEKDAYS.map((w) => (
          <Checkbox
            key={w.id}
            label={
              <>
                <span aria-hidden>{w.short}</span>
                <span className="sr-only">{w.long}</span>
              </>
            }
            checked={days.includes(w.id)}
            onChange={(e) => props.onChange(e.target.checked ? [...days, w.id] : days.filter((x) => x !== w.id))}
          />
        ))}
      </div>
      {props.error && <p className="mt-1 text-xs text-red-600">{props.error}</p>}
    </fieldset>
  );
}
