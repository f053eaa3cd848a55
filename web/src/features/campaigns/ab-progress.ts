/**
 * How the campaign screen tells an A/B test's progress (beyond.md §9): its phases in order, what each
 * says, the time left until an automatic decision, and how the variants compare. Phase labels are
 * English messages the screen translates; sentences are translated when made. Pure, unit-tested.
 */
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';

export type Phase = 'TESTING' | 'WAITING' | 'SENDING_WINNER' | 'DONE';

export const PHASES: Array<{ id: Phase; label: string }> = [
  { id: 'TESTING', label: msg('Testing') },
  { id: 'WAITING', label: msg('Waiting') },
  { id: 'SENDING_WINNER', label: msg('Sending the winner') },
  { id: 'DONE', label: msg('Done') },
];

export interface ProgressInput {
  phase: Phase | null;
  decidedBy: 'AUTO' | 'MANUAL';
  metric: 'OPENS' | 'CLICKS';
  winner: string | null;
  decideAt: string | null;
  testRecipients: number;
}

/** Whole seconds until `at` as "2 d 3 h", "1 h 02 min", "4 min 05 s", "12 s"; "0 s" once it is due. */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return i18n.t('{d} d {h} h', { d, h });
  if (h > 0) return i18n.t('{h} h {m} min', { h, m: two(m) });
  if (m > 0) return i18n.t('{m} min {s} s', { m, s: two(sec) });
  return i18n.t('{s} s', { s: sec });
}

/** One sentence on where the test stands, for the phase's heading. */
export function phaseSentence(t: ProgressInput, now: number): string {
  switch (t.phase) {
    case null:
      return i18n.t('The test starts when the campaign is sent.');
    case 'TESTING':
      return i18n.t('{count, plural, one {Sending the test to # contact.} other {Sending the test to # contacts.}}', {
        count: t.testRecipients,
      });
    case 'WAITING':
      if (t.decidedBy === 'MANUAL') return i18n.t('The test emails are out. Choose the winner when you are ready.');
      if (!t.decideAt) {
        return i18n.t(
          'Waiting to pick the variant with the best {metric, select, OPENS {open rate} other {click rate}}.',
          { metric: t.metric },
        );
      }
      return new Date(t.decideAt).getTime() <= now
        ? i18n.t('Picking the variant with the best {metric, select, OPENS {open rate} other {click rate}} now.', {
            metric: t.metric,
          })
        : i18n.t(
            'The variant with the best {metric, select, OPENS {open rate} other {click rate}} is picked in {time}.',
            { metric: t.metric, time: formatCountdown(new Date(t.decideAt).getTime() - now) },
          );
    case 'SENDING_WINNER':
      return t.winner
        ? i18n.t('Sending {winner} to the rest of the audience.', { winner: t.winner })
        : i18n.t('Sending the winner to the rest of the audience.');
    case 'DONE':
      return t.winner
        ? i18n.t('{winner} won and went to the rest of the audience.', { winner: t.winner })
        : i18n.t('The test is over.');
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
