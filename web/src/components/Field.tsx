import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cx } from '../lib/cx.ts';

const CONTROL =
  'block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:bg-slate-50 disabled:text-slate-500';

interface FieldProps {
  label: string;
  /** The API's message for this field, shown under it and announced with it. */
  error?: string;
  hint?: ReactNode;
  /** Visually hides the label (it is still read out). */
  hideLabel?: boolean;
  children: (props: {
    id: string;
    'aria-invalid'?: boolean;
    'aria-describedby'?: string;
    className: string;
  }) => ReactNode;
}

/** A labelled form control with its hint and error wired up for screen readers. */
export function Field({ label, error, hint, hideLabel, children }: FieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={cx('block text-sm font-medium text-slate-700', hideLabel && 'sr-only')}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        className: cx(CONTROL, error ? 'border-red-400' : 'border-slate-300'),
      })}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

type Common = { label: string; error?: string; hint?: ReactNode; hideLabel?: boolean };

/** A Field around one control element: the control gets the Field's id, ARIA wiring and classes. */
function labelled<P extends { className?: string }>(render: (props: P) => ReactNode) {
  return function Labelled({ label, error, hint, hideLabel, className, ...rest }: Common & P) {
    return (
      <Field label={label} error={error} hint={hint} hideLabel={hideLabel}>
        {(p) => render({ ...(rest as unknown as P), ...p, className: cx(p.className, className) })}
      </Field>
    );
  };
}

export const TextInput = labelled((props: InputHTMLAttributes<HTMLInputElement>) => <input {...props} />);

export const TextArea = labelled((props: TextareaHTMLAttributes<HTMLTextAreaElement>) => <textarea {...props} />);

export const Select = labelled((props: SelectHTMLAttributes<HTMLSelectElement>) => <select {...props} />);

export function Checkbox({ label, className, ...rest }: { label: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={cx('inline-flex items-center gap-2 text-sm text-slate-700', className)}>
      <input type="checkbox" {...rest} className="size-4 rounded border-slate-300 text-brand-600 accent-brand-600" />
      {label}
    </label>
  );
}
