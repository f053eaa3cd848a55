import { useTranslation } from 'react-i18next';
import { cx } from '../lib/cx.ts';
import { formatNumber, formatPercent } from '../lib/format.ts';

export type ProgressTone = 'brand' | 'green' | 'amber' | 'red' | 'gray';

const FILL: Record<ProgressTone, string> = {
  brand: 'bg-brand-600',
  green: 'bg-emerald-500',
  amber: 'bg-amber-500',
  red: 'bg-red-600',
  gray: 'bg-slate-400',
};

/**
 * A labelled progress bar (role=progressbar with its value, minimum and maximum). Without a value
 * (still loading, or a job whose total is not known yet) it says so instead of showing a number.
 */
export function ProgressBar({
  value,
  max = 100,
  label,
  valueText,
  tone = 'brand',
  className,
}: {
  /** Done so far, from 0 to `max`; undefined while it is not known. */
  value: number | undefined;
  max?: number;
  /** The accessible name: what is progressing ("Import progress"). */
  label: string;
  /** How a screen reader reads the value; "3 of 10" by default. */
  valueText?: string;
  tone?: ProgressTone;
  className?: string;
}) {
  const { t } = useTranslation();
  const known = value !== undefined && Number.isFinite(value);
  const ratio = known && max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={known ? Math.min(value, max) : undefined}
      aria-valuetext={
        valueText ??
        (known
          ? max === 100
            ? formatPercent(Math.round(ratio * 100) / 100)
            : t('{done} of {total}', { done: formatNumber(value), total: formatNumber(max) })
          : t('Loading'))
      }
      className={cx('h-2 w-full overflow-hidden rounded-full bg-slate-100', className)}
    >
      <div
        className={cx('h-full rounded-full transition-[width] duration-500', FILL[tone])}
        style={{ width: `${Math.round(ratio * 100)}%` }}
      />
    </div>
  );
}
