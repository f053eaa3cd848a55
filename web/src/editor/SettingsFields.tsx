/**
 * The settings panel's controls: a color (hex text with a picker beside it), a whole number in a
 * range, alignment, padding. Each is labelled for screen readers; a blank optional value means the
 * default (the field is removed from the block).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, TextInput } from '../components/Field.tsx';
import { formatNumber } from '../lib/format.ts';
import type { Align } from './block-types.ts';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A #rgb or #rrggbb color as the #rrggbb a color picker takes; black for anything else. */
export function pickerValue(color: string | undefined): string {
  if (!color || !HEX.test(color)) return '#000000';
  if (color.length === 7) return color.toLowerCase();
  return `#${[...color.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
}

export function ColorField({
  label,
  value,
  onChange,
  placeholder,
  error,
}: {
  label: string;
  value: string | undefined;
  onChange: (color: string | undefined) => void;
  placeholder?: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const invalid = value !== undefined && value !== '' && !HEX.test(value);
  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <TextInput
          label={label}
          value={value ?? ''}
          placeholder={placeholder ?? t('Default')}
          onChange={(e) => onChange(e.target.value.trim() === '' ? undefined : e.target.value.trim())}
          error={error ?? (invalid ? t('A hex color, like #1d4ed8 or #fff.') : undefined)}
        />
      </div>
      <input
        type="color"
        aria-label={t('{field}: picker', { field: label })}
        value={pickerValue(value ?? placeholder)}
        onChange={(e) => onChange(e.target.value)}
        className="mb-0.5 h-9 w-10 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
      />
    </div>
  );
}

/**
 * A whole number from `min` to `max`. What is typed shows as typed; the block gets it once it is a
 * number in range (blank: `undefined`, for an optional one).
 */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  optional,
  hint,
  error,
}: {
  label: string;
  value: number | undefined;
  onChange: (n: number | undefined) => void;
  min: number;
  max: number;
  optional?: boolean;
  hint?: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? (value === undefined ? '' : String(value));
  const n = Number(shown);
  const inRange = shown.trim() !== '' && Number.isInteger(n) && n >= min && n <= max;
  const ok = inRange || (optional && shown.trim() === '');
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      value={shown}
      onChange={(e) => {
        const text = e.target.value;
        setTyped(text);
        const next = Number(text);
        if (text.trim() === '' && optional) onChange(undefined);
        else if (text.trim() !== '' && Number.isInteger(next) && next >= min && next <= max) onChange(next);
      }}
      onBlur={() => setTyped(null)}
      hint={hint ?? t('{min} to {max}', { min: formatNumber(min), max: formatNumber(max) })}
      error={
        error ??
        (ok ? undefined : t('A whole number from {min} to {max}.', { min: formatNumber(min), max: formatNumber(max) }))
      }
    />
  );
}

export function AlignField({
  value,
  onChange,
}: {
  value: Align | undefined;
  onChange: (a: Align | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('Alignment')}
      value={value ?? ''}
      onChange={(e) => onChange((e.target.value || undefined) as Align | undefined)}
    >
      <option value="">{t('Default')}</option>
      <option value="left">{t('Left')}</option>
      <option value="center">{t('Center')}</option>
      <option value="right">{t('Right')}</option>
    </Select>
  );
}

const PADDING = /^\d{1,3}px( \d{1,3}px){0,3}$/;

export function PaddingField({
  value,
  onChange,
  error,
}: {
  value: string | undefined;
  onChange: (p: string | undefined) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const invalid = value !== undefined && !PADDING.test(value);
  return (
    <TextInput
      label={t('Padding')}
      value={value ?? ''}
      // i18n-ignore: a CSS value, as typed
      placeholder="10px 25px"
      onChange={(e) => onChange(e.target.value.trim() === '' ? undefined : e.target.value)}
      hint={t('Top and bottom, then left and right, in px.')}
      error={error ?? (invalid ? t('Like 10px 25px: one to four sizes in px.') : undefined)}
    />
  );
}
