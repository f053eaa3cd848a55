/** The value part of a condition row: what its operator needs (a window, a list, a date…), and the event count. */
import { cx } from '../lib/cx.ts';
import { UNITS, type Unit } from './language.ts';
import { countIsUpperBound, isAgo, takesCount, type ValueInput } from './operators.ts';
import type { ConditionRow } from './tree.ts';

/** The builder's compact control look (the form kit's controls carry a label above; these sit in a row). */
export const CONTROL =
  'h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';

const TEXT_WIDTH = 'min-w-0 flex-[1_1_8rem]';

export function ValueEditor({
  row,
  input,
  set,
  invalid,
  describedBy,
}: {
  row: ConditionRow;
  input: ValueInput;
  set: (patch: Partial<ConditionRow>) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const common = {
    'aria-label': 'Value',
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    value: row.value,
    onChange: (e: { target: { value: string } }) => set({ value: e.target.value }),
  };
  switch (input) {
    case 'none':
      return null;
    case 'window':
      return (
        <span className="flex items-center gap-1.5">
          <input
            {...common}
            aria-label="Amount"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            placeholder="7"
            className={cx(CONTROL, 'w-20')}
          />
          <select
            aria-label="Unit"
            value={row.unit}
            onChange={(e) => set({ unit: e.target.value as Unit })}
            className={cx(CONTROL, 'w-28')}
          >
            {UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
          {isAgo(row.operator) && <span className="text-sm text-slate-600">ago</span>}
        </span>
      );
    case 'boolean':
      return (
        <select {...common} value={row.value === 'false' ? 'false' : 'true'} className={cx(CONTROL, 'w-28')}>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      );
    case 'topic':
      // true / false, in the words of a subscription: "News is subscribed", "News is not subscribed".
      return (
        <select {...common} value={row.value === 'false' ? 'false' : 'true'} className={cx(CONTROL, 'w-40')}>
          <option value="true">subscribed</option>
          <option value="false">not subscribed</option>
        </select>
      );
    case 'number':
      return <input {...common} type="number" step="any" className={cx(CONTROL, 'w-36')} />;
    case 'date':
      return <input {...common} type="date" className={cx(CONTROL, 'w-40')} />;
    case 'list':
      return <input {...common} type="text" placeholder="pro, team" className={cx(CONTROL, TEXT_WIDTH)} />;
    default:
      return <input {...common} type="text" className={cx(CONTROL, TEXT_WIDTH)} />;
  }
}

/** "at least [n] times" (or "fewer than") for the event operators; empty means once or more (or none). */
export function CountEditor({ row, set }: { row: ConditionRow; set: (patch: Partial<ConditionRow>) => void }) {
  if (!takesCount(row.operator)) return null;
  const upper = countIsUpperBound(row.operator);
  return (
    <span className="flex items-center gap-1.5 text-sm text-slate-600">
      {upper ? 'fewer than' : 'at least'}
      <input
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        aria-label={upper ? 'Fewer than this many times' : 'At least this many times'}
        placeholder={upper ? 'any' : '1'}
        value={row.count}
        onChange={(e) => set({ count: e.target.value })}
        className={cx(CONTROL, 'w-20')}
      />
      times
    </span>
  );
}
