/** A one-of filter as a row of toggle buttons: All, then each value (a list's status filter). */
import { useTranslation } from 'react-i18next';
import { cx } from '../lib/cx.ts';

export function ChipFilter<T extends string>({
  values,
  value,
  onChange,
  labelOf,
  label,
  className,
}: {
  values: readonly T[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  labelOf: (value: T) => string;
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset aria-label={label ?? t('Filter by status')} className={cx('flex flex-wrap gap-1.5', className)}>
      {[undefined, ...values].map((v) => (
        <button
          key={v ?? 'all'}
          type="button"
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          className={cx(
            'rounded-full border px-3 py-1 text-sm',
            value === v
              ? 'border-brand-600 bg-brand-600 text-white'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
          )}
        >
          {v ? labelOf(v) : t('All')}
        </button>
      ))}
    </fieldset>
  );
}
