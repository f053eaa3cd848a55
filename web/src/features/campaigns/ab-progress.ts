/**
 * How the campaign screen tells an A/B test's progress (beyond.md §9): its phases in order, what each
 * says, the time left until an automatic decision, and how the variants compare. Pure, unit-tested.
 */

export type Phase = 'TESTING' | 'WAITING' | 'SENDING_WINNER' | 'DONE';

export const PHASES: Array<{ id: Phase; label: string }> = [
  { id: 'TESTING', label: 'Testing' },
  { id: 'WAITING', label: 'Waiting' },
  { id: 'SENDING_WINNER', label: 'Sending the winner' },
  { id: 'DONE', label: 'Done' },
];

export interface ProgressInput {
  phase: Phase | null;
  decidedBy: 'AUTO' | 'MANUAL';
  metric: 'OPENS' | 'CLICKS';
  winner: string | null;
  decideAt: string | null;
  testRecipients: number;
}

const metricWord = (metric: ProgressInput['metric']) => (metric === 'OPENS' ? 'open rate' : 'click rate');

/** Whole seconds until `at` as "2 d 3 h", "1 h 02 min", "4 min 05 s", "12 s"; "0 s" once it is due. */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${two(m)} min`;
  if (m > 0) return `${m} min ${two(sec)} s`;
  return `${sec} s`;
}

/** One sentence on where the test stands, for the phase's heading. */
export function phaseSentence(t: ProgressInput, now: number): string {
  switch (t.phase) {
    case null:
      return 'The test starts when the campaign is sent.';
    case 'TESTING':
      return `Sending the test to ${t.testRecipients} ${t.testRecipients === 1 ? 'contact' : 'contacts'}.`;
    case 'WAITING':
      if (t.decidedBy === 'MANUAL') return 'The test emails are out. Choose the winner when you are ready.';
      if (!t.decideAt) return `Waiting to pick the variant with the best ${metricWord(t.metric)}.`;
      return new Date(t.decideAt).getTime() <= now
        ? `Picking the variant with the best ${metricWord(t.metric)} now.`
        : `The variant with the best ${metricWord(t.metric)} is picked in ${formatCountdown(new Date(t.decideAt).getTime() - now)}.`;
    case 'SENDING_WINNER':
      return `Sending ${t.winner ?? 'the winner'} to the rest of the audience.`;
    case 'DONE':
      return t.winner ? `${t.winner} won and went to the rest of the audience.` : 'The test is over.';
  }
}

/** Each phase as done, current or to come. */
export function phaseSteps(
  phase: Phase | null,
): Array<{ id: Phase; label: string; state: 'done' | 'current' | 'next' }> {
  const at = phase ? PHASES.findIndex((p) => p.id === phase) : -1;
  return PHASES.map((p, i) => ({
    ...p,
    // The last phase is reached once it is current: nothing comes after it.
    state: i < at || (p.id === 'DONE' && at === i) ? 'done' : i === at ? 'current' : 'next',
  }));
}

/** The bars' scale: the highest rate shown, never below 1 % so a test with no opens yet draws empty bars. */
export function rateScale(variants: Array<{ openRate: number; clickRate: number }>): number {
  return Math.max(1, ...variants.flatMap((v) => [v.openRate, v.clickRate]));
}
