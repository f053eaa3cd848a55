// Invariant: the picker offers every type of beyond.md §4 exactly once, and a list sums a choice up briefly.
import { beforeAll, describe, expect, it } from 'vitest';
import { startEnglishForTests } from '../../i18n/test-i18n.ts';
import { ALL_EVENTS, EVENT_TYPES, summarizeEvents } from './event-types.ts';

// The dashboard's translator in English, as a screen has it: the messages are the English text.
beforeAll(startEnglishForTests);

describe('webhook event types', () => {
  it('offers the 19 types of the spec, each once', () => {
    expect(EVENT_TYPES).toHaveLength(19);
    expect(new Set(EVENT_TYPES).size).toBe(19);
    expect(EVENT_TYPES).toContain('workflow.execution.failed');
  });

  it('sums up a choice: every type, a few named, or the first ones and a count', () => {
    expect(summarizeEvents([ALL_EVENTS])).toBe('All events');
    expect(summarizeEvents(['email.sent'])).toBe('email.sent');
    expect(summarizeEvents(['email.sent', 'email.failed', 'contact.created', 'event.tracked'])).toBe(
      'email.sent, email.failed and 2 more',
    );
    expect(summarizeEvents([])).toBe('No events');
  });
});
