import { useId } from 'react';
import { cx } from '../lib/cx.ts';

/**
 * An on/off switch: a button with role=switch and aria-checked, so Space and Enter toggle it and
 * screen readers announce "on"/"off". `label` is its name; with `showLabel` it is also shown beside
 * the track, and `description` is read after the name (and shown as a tooltip).
 */
export function Switch({
  checked,
  onChange,
  label,
  showLabel,
  description,
  disabled,
  busy,
  className,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  showLabel?: boolean;
  description?: string;
  disabled?: boolean;
  /** The change is being saved: the switch is disabled and announced busy meanwhile. */
  busy?: boolean;
  className?: string;
}) {
  const id = useId();
  const track = (
    <span
      aria-hidden
      className={cx(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
        checked ? 'bg-emerald-600' : 'bg-slate-400',
      )}
    >
      <span
        className={cx(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      />
    </span>
  );
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={showLabel ? undefined : label}
        aria-describedby={description ? `${id}-description` : undefined}
        aria-busy={busy || undefined}
        disabled={disabled || busy}
        title={description}
        onClick={() => onChange(!checked)}
        className={cx(
          'inline-flex shrink-0 items-center gap-2 rounded-full text-sm font-medium text-slate-800 disabled:cursor-not-allowed disabled:opacity-60',
          className,
        )}
      >
        {track}
        {showLabel && <span>{label}</span>}
      </button>
      {description && (
        <span id={`${id}-description`} className="sr-only">
          {description}
        </span>
      )}
    </>
  );
}
