/** Small pieces the contacts screens share: a progress bar, a switch, a back link, debouncing. */
import { ChevronLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format.ts';

/** A labelled bar for a job's progress; without a known total it shows an indeterminate stripe. */
export function ProgressBar({
  value,
  max,
  label,
  tone = 'brand',
}: {
  value: number;
  max: number;
  label: string;
  tone?: 'brand' | 'green' | 'red';
}) {
  const ratio = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={max > 0 ? `${formatNumber(value)} of ${formatNumber(max)}` : undefined}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
    >
      <div
        className={cx(
          'h-full rounded-full transition-[width] duration-500',
          tone === 'green' ? 'bg-emerald-500' : tone === 'red' ? 'bg-red-500' : 'bg-brand-600',
        )}
        style={{ width: `${Math.round(ratio * 100)}%` }}
      />
    </div>
  );
}

/** An on/off switch (role=switch) with its label. */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
  description,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  disabled?: boolean;
  description?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      title={description}
      className={cx(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-emerald-500' : 'bg-slate-300',
      )}
    >
      <span
        aria-hidden
        className={cx(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
}

/** The "back to the list" link above a detail screen's heading. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800"
    >
      <ChevronLeft className="size-4" aria-hidden />
      {children}
    </Link>
  );
}

/** `value`, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** "1 contact", "3 contacts". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}
