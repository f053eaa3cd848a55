// Invariant: the outbox's due-row declaration (jobs/due-row-tables.ts, which may not import a
// feature) states the same statuses as the email's lifecycle table: a claim takes what `claim`
// starts from and holds what it ends in, and every move a claim's worker writes starts from that.
import { describe, expect, it } from 'vitest';
import { DUE_ROWS } from '../jobs/due-row-tables.ts';
import { TRANSITIONS } from './lifecycle.ts';

describe('the email lifecycle table', () => {
  it('agrees with the outbox due-row declaration', () => {
    expect([...DUE_ROWS.emails.active]).toEqual([...TRANSITIONS.claim.from]);
    expect(DUE_ROWS.emails.held).toBe(TRANSITIONS.claim.to);
    for (const name of ['sent', 'deferred', 'delayed', 'failed', 'suppressed'] as const) {
      expect(TRANSITIONS[name].from).toEqual([DUE_ROWS.emails.held]);
    }
  });

  it('never moves a row to where it already is, except a claim retaking an abandoned row', () => {
    for (const [name, t] of Object.entries(TRANSITIONS)) {
      if (name === 'claim') continue;
      expect((t.from as readonly string[]).includes(t.to), name).toBe(false);
    }
  });
});
