// Invariant: the test's phase reads the same in words and in its steps, and the countdown never goes negative.
import { beforeAll, describe, expect, it } from 'vitest';
import { startEnglishForTests } from '../../i18n/test-i18n.ts';
import { formatCountdown, phaseSentence, phaseSteps, rateScale } from './ab-progress.ts';

// The model's messages are read in English: the translator, started without catalogs, formats its
// English keys.
beforeAll(startEnglishForTests);

const base = { decidedBy: 'AUTO' as const, metric: 'OPENS' as const, winner: null, decideAt: null, testRecipients: 20 };

describe('an A/B test’s progress', () => {
  it('counts down in its two largest units', () => {
    expect(formatCountdown(2 * 86_400_000 + 3 * 3_600_000)).toBe('2 d 3 h');
    expect(formatCountdown(3_600_000 + 2 * 60_000)).toBe('1 h 02 min');
    expect(formatCountdown(4 * 60_000 + 5000)).toBe('4 min 05 s');
    expect(formatCountdown(-5000)).toBe('0 s');
  });

  it('says where the test stands', () => {
    const now = Date.parse('2025-01-01T10:00:00Z');
    expect(phaseSentence({ ...base, phase: 'TESTING' }, now)).toBe('Sending the test to 20 contacts.');
    expect(phaseSentence({ ...base, phase: 'WAITING', decideAt: '2025-01-01T11:30:00Z' }, now)).toBe(
      'The variant with the best open rate is picked in 1 h 30 min.',
    );
    expect(phaseSentence({ ...base, phase: 'WAITING', decidedBy: 'MANUAL' }, now)).toContain('Choose the winner');
    expect(phaseSentence({ ...base, phase: 'DONE', winner: 'B' }, now)).toBe(
      'B won and went to the rest of the audience.',
    );
  });

  it('marks the phases before the current one done, and Done once reached', () => {
    expect(phaseSteps('WAITING').map((s) => s.state)).toEqual(['done', 'current', 'next', 'next']);
    expect(phaseSteps('DONE').map((s) => s.state)).toEqual(['done', 'done', 'done', 'done']);
    expect(phaseSteps(null).map((s) => s.state)).toEqual(['next', 'next', 'next', 'next']);
  });

  it('draws the rates on one scale of at least 1 %', () => {
    expect(rateScale([{ openRate: 0, clickRate: 0 }])).toBe(1);
    expect(
      rateScale([
        { openRate: 40, clickRate: 5 },
        { openRate: 35, clickRate: 8 },
      ]),
    ).toBe(40);
  });
});
