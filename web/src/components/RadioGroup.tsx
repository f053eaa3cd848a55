/** One choice of a few as radio buttons under a legend (a trigger's kind, a send's recipient, a variant's content). */
import type { ReactNode } from 'react';

export interface RadioOption<T extends string> {
  value: T;
  label: string;
  /** A line under the label; options with hints show as bordered cards. */
  hint?: string;
}

export function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  children,
}: {
  legend: string;
  name: string;
  value: T;
  options: ReadonlyArray<RadioOption<T>>;
  onChange: (value: T) => void;
  /** What the choice asks for next (a fixed address), inside the group. */
  children?: ReactNode;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      {options.map((o) => (
        <label
          key={o.value}
          className={
            o.hint
              ? 'flex items-start gap-2 rounded-md border border-slate-200 p-2.5 text-sm has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50/50'
              : 'flex items-center gap-2 text-sm text-slate-700'
          }
        >
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
            className={o.hint ? 'mt-0.5 accent-brand-600' : 'accent-brand-600'}
          />
          {o.hint ? (
            <span>
              <span className="block font-medium text-slate-800">{o.label}</span>
              <span className="block text-xs text-slate-600">{o.hint}</span>
            </span>
          ) : (
            o.label
          )}
        </label>
      ))}
      {children}
    </fieldset>
  );
}
