/** How the execution screens put an execution's place and durations in words. Pure. */
import { formatDateTime } from '../../../lib/format.ts';
import { type ExecutionSummary, stepTitle, type Workflow } from '../model.ts';

/** Where an execution is: the step it is at (and what it waits for), or how it ended. */
export function whereNow(e: ExecutionSummary, workflow: Workflow | undefined): string {
  const step = e.currentStepId ? workflow?.steps.find((s) => s.id === e.currentStepId) : undefined;
  const at = step ? stepTitle(step) : e.currentStepId ? 'A deleted step' : '';
  if (e.status === 'WAITING') {
    if (e.waitingFor) return `${at}: waiting for ${e.waitingFor}${e.dueAt ? ` until ${formatDateTime(e.dueAt)}` : ''}`;
    return `${at}${e.dueAt ? `: until ${formatDateTime(e.dueAt)}` : ''}`;
  }
  if (e.status === 'RUNNING') return at || 'Starting';
  if (e.status === 'EXITED') return e.exitReason ? `Exited: ${e.exitReason}` : 'Exited at an exit step';
  if (e.status === 'FAILED') return e.error ? `Failed: ${e.error}` : 'Failed';
  if (e.status === 'CANCELLED') return 'Cancelled';
  return 'Went through to the end';
}

/** The list's short form: only what the status badge does not already say. */
export function listDetail(e: ExecutionSummary, workflow: Workflow | undefined): string {
  if (e.status === 'COMPLETED' || e.status === 'CANCELLED') return '—';
  if (e.status === 'EXITED' && !e.exitReason) return '—';
  return whereNow(e, workflow);
}

/** "120 ms", "4.2 s", "3 min", "2 h 5 min", "3 days". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const min = Math.round(ms / 60_000);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  return `${Math.round(h / 24)} days`;
}
