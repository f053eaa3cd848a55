/** The value part of a condition row: what its operator needs (a window, a list, a date…), and the event count. */
import { Trans, useTranslation } from 'react-i18next';
import { msg } from '../i18n/msg.ts';
import { cx } from '../lib/cx.ts';
import { UNITS, type Unit } from './language.ts';
import { countIsUpperBound, isAgo, takesCount, type ValueInput } from './operators.ts';
import type { ConditionRow } from './tree.ts';

/** The builder's compact control look (the form kit's controls carry a label above; these sit in a row). */
export const CONTROL =
  'h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';

const TEXT_WIDTH = 'min-w-0 flex-[1_1_8rem]';

/** The units of a time window as the picker names them. */
const UNIT_LABELS: Record<Unit, string> = {
  minutes: msg('minutes'),
  hours: msg('hours'),
  days: msg('days'),
  weeks: msg('weeks'),
  months: msg('months'),
};

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
  const { t } = useTranslation();
  const common = {
    'aria-label': t('Value'),
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    value: row.value,
    onChange: (e: { target: { value: string } }) => set({ value: e.target.value }),
  };
  switch (input) {
    case 'none':
      return null;
    case 'window': {
      const amount = (
        <input
          {...common}
          aria-label={t(msg('Amount', 'duration'))}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          placeholder="7"
          className={cx(CONTROL, 'w-20 text-slate-900')}
        />
      );
      const unit = (
        <select
          aria-label={t('Unit')}
          value={row.unit}
          onChange={(e) => set({ unit: e.target.value as Unit })}
          className={cx(CONTROL, 'w-28 text-slate-900')}
        >
          {UNITS.map((u) => (
            <option key={u} value={u}>
              {t(UNIT_LABELS[u])}
            </option>
          ))}
        </select>
      );
      // "… 3 weeks ago": where "ago" goes (or whether it is a word of its own) is each language's; the
      // words around the controls read as the count's do (CountEditor).
      const ago = isAgo(row.operator);
      return (
        <span className={cx('flex items-center gap-1.5', ago && 'text-sm text-slate-600')}>
          {ago ? (
            <Trans i18nKey="<amount/> <unit/> ago" components={{ amount, unit }} />
          ) : (
            <>
              {amount}
              {unit}
            </>
          )}
        </span>
      );
    }
    case 'boolean':
      return (
        <select {...common} value={row.value === 'false' ? 'false' : 'true'} className={cx(CONTROL, 'w-28')}>
          <option value="true">{t('true')}</option>
          <option value="false">{t('false')}</option>
        </select>
      );
    case 'topic':
      // true / false, in the words of a subscription: "News is subscribed", "News is not subscribed".
      return (
        <select {...common} value={row.value === 'false' ? 'false' : 'true'} className={cx(CONTROL, 'w-40')}>
          <option value="true">{t('subscribed')}</option>
          <option value="false">{t('not subscribed')}</option>
        </select>
      );
    case 'number':
      return <input {...common} type="number" step="any" className={cx(CONTROL, 'w-36')} />;
    case 'date':
      return <input {...common} type="date" className={cx(CONTROL, 'w-40')} />;
    case 'list':
      return <input {...common} type="text" placeholder={t('pro, team')} className={cx(CONTROL, TEXT_WIDTH)} />;
    default:
      return <input {...common} type="text" className={cx(CONTROL, TEXT_WIDTH)} />;
  }
}

/** "at least [n] times" (or "fewer than") for the event operators; empty means once or more (or none). */
export function CountEditor({ row, set }: { row: ConditionRow; set: (patch: Partial<ConditionRow>) => void }) {
  const { t } = useTranslation();
  if (!takesCount(row.operator)) return null;
  const upper = countIsUpperBound(row.operator);
  const count = (
    <input
      type="number"
      min={1}
      step={1}
      inputMode="numeric"
      aria-label={upper ? t('Fewer than this many times') : t('At least this many times')}
      placeholder={upper ? t('any') : '1'}
      value={row.count}
      onChange={(e) => set({ count: e.target.value })}
      className={cx(CONTROL, 'w-20')}
    />
  );
  return (
    <span className="flex items-center gap-1.5 text-sm text-slate-600">
      {upper ? (
        <Trans i18nKey="fewer than <count/> times" components={{ count }} />
      ) : (
        <Trans i18nKey="at least <count/> times" components={{ count }} />
      )}
    </span>
  );
}
