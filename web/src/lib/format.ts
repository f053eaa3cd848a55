/**
 * Display formatting shared by every screen, in the dashboard's language (`activeLanguage`): the API
 * speaks ISO 8601 UTC, people read local time in their own format.
 */
import { activeLanguage, perLanguage } from '../i18n/active-language.ts';

const dateTime = perLanguage((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }));
const dateOnly = perLanguage((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }));
const number = perLanguage((l) => new Intl.NumberFormat(l));
const percent = perLanguage((l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 1 }));
const relative = perLanguage((l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }));

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime().format(new Date(iso)) : '—';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateOnly().format(new Date(iso)) : '—';
}

export function formatNumber(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : number().format(n);
}

/** A 0..1 ratio as a percentage. */
export function formatPercent(ratio: number | null | undefined): string {
  return ratio === null || ratio === undefined || Number.isNaN(ratio) ? '—' : percent().format(ratio);
}

/** Any other `Intl` formatting a screen needs, in the dashboard's language. */
export { activeLanguage };

/**
 * A label ("Secret key", "Campaigns") in lower case, to stand inside a sentence of the active
 * language; German keeps it as it is, its nouns being capitalised.
 */
export function inSentence(label: string): string {
  const language = activeLanguage();
  return language === 'de' ? label : label.toLocaleLowerCase(language);
}

/** "3 minutes ago", "in 2 days": for timestamps near now. */
export function formatRelative(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = relative();
  const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 30],
    ['month', 12],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return rtf.format(value, unit);
    value = Math.round(value / size);
  }
  return rtf.format(value, 'year');
}
