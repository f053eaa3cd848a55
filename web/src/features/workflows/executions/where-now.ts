/** How the execution screens put an execution's place and durations in words. Pure. */
import { i18n } from '../../../i18n/i18n.ts';
import { activeLanguage, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { type ExecutionSummary, stepTitle, type Workflow } from '../model.ts';

/** Where an execution is: the step it is at (and what it waits for), or how it ended. */
export function whereNow(e: ExecutionSummary, workflow: Workflow | undefined): string {
  const step = e.currentStepId ? workflow?.steps.find((s) => s.id === e.currentStepId) : undefined;
  const at = step ? stepTitle(step) : e.currentStepId ? i18n.t('A deleted step') : '';
  if (e.status === 'WAITING') {
    const until = e.dueAt ? formatDateTime(e.dueAt) : null;
    if (e.waitingFor) {
      return until
        ? i18n.t('{step}: waiting for {event} until {time}', { step: at, event: e.waitingFor, time: until })
        : i18n.t('{step}: waiting for {event}', { step: at, event: e.waitingFor });
    }
    return until ? i18n.t('{step}: until {time}', { step: at, time: until }) : at;
  }
  if (e.status === 'RUNNING') return at || i18n.t('Starting');
  if (e.status === 'EXITED')
    return e.exitReason ? i18n.t('Exited: {reason}', { reason: e.exitReason }) : i18n.t('Exited at an exit step');
  if (e.status === 'FAILED') return e.error ? i18n.t('Failed: {error}', { error: e.error }) : i18n.t('Failed');
  if (e.status === 'CANCELLED') return i18n.t('Cancelled');
  return i18n.t('Went through to the end');
}

/** The list's short form: only what the status badge does not already say. */
export function listDetail(e: ExecutionSummary, workflow: Workflow | undefined): string {
  if (e.status === 'COMPLETED' || e.status === 'CANCELLED') return '—';
  if (e.status === 'EXITED' && !e.exitReason) return '—';
  return whereNow(e, workflow);
}

/** "120 ms", "4.2 s", "3 min", "2 h 5 min", "3 days" (numbers and words in the dashboard's language). */
export function formatDuration(ms: number): string {
  if (ms < 1000) return i18n.t('{ms} ms', { ms: formatNumber(Math.max(0, Math.round(ms))) });
  if (ms < 60_000) {
    const digits = ms < 10_000 ? 1 : 0;
    const seconds = new Intl.NumberFormat(activeLanguage(), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(ms / 1000);
    return i18n.t('{seconds} s', { seconds });
  }
  const min = Math.round(ms / 60_000);
  if (min < 60) return i18n.t('{minutes} min', { minutes: formatNumber(min) });
  const h = Math.floor(min / 60);
  if (h < 48) {
    return min % 60
      ? i18n.t('{hours} h {minutes} min', { hours: formatNumber(h), minutes: formatNumber(min % 60) })
      : i18n.t('{hours} h', { hours: formatNumber(h) });
  }
  return i18n.t('{days, plural, one {# day} other {# days}}', { days: Math.round(h / 24) });
}
