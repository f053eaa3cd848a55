import { beforeAll, expect, describe as group, it } from 'vitest';
import { startEnglishForTests } from '../../i18n/test-i18n.ts';
import { ACTIVITY_TYPES, type ActivityItem, describe, justAfter } from './describe.ts';

beforeAll(startEnglishForTests);

const base = { id: 'i1', createdAt: '2025-01-02T10:00:00.000Z', data: {} };
const contact = { id: 'c1', email: 'ada@example.com' };
const email = { id: 'e1', subject: 'Welcome' };

/** The sentence as plain text, links in [brackets]. */
function text(item: ActivityItem): string {
  return describe(item)
    .parts.map((p) => (typeof p === 'string' ? p : `[${p.text}]`))
    .join('');
}

group('activity descriptions', () => {
  it('reads every kind of item as a sentence with its links', () => {
    expect(text({ ...base, type: 'event.triggered', contact, event: { name: 'signed_up' } })).toBe(
      '[ada@example.com] triggered [signed_up]',
    );
    expect(text({ ...base, type: 'email.sent', contact, email })).toBe('Sent [Welcome] to [ada@example.com]');
    expect(text({ ...base, type: 'email.opened', contact, email, campaign: { id: 'k', name: 'Launch' } })).toBe(
      '[ada@example.com] opened [Welcome] from [Launch]',
    );
    expect(text({ ...base, type: 'contact.unsubscribed', contact })).toBe('[ada@example.com] unsubscribed');
    expect(
      text({ ...base, type: 'campaign.sent', campaign: { id: 'k', name: 'Launch' }, data: { totalRecipients: 3 } }),
    ).toBe('Campaign [Launch] was sent to 3 recipients');
    expect(text({ ...base, type: 'workflow.started', contact, workflow: { id: 'w', name: 'Onboarding' } })).toBe(
      '[ada@example.com] entered [Onboarding]',
    );
    expect(
      text({
        ...base,
        type: 'workflow.completed',
        contact,
        workflow: { id: 'w', name: 'Onboarding' },
        data: { status: 'EXITED', exitReason: 'converted' },
      }),
    ).toBe('[ada@example.com] left [Onboarding]');
    expect(text({ ...base, type: 'email.sent', email })).toBe('Sent [Welcome] to A deleted contact');
    expect(
      text({ ...base, type: 'campaign.sent', campaign: { id: 'k', name: 'Launch' }, data: { totalRecipients: 1 } }),
    ).toBe('Campaign [Launch] was sent to 1 recipient');
    expect(
      text({ ...base, type: 'email.clicked', contact, email, campaign: { id: 'k', name: 'Launch' }, data: {} }),
    ).toBe('[ada@example.com] clicked a link in [Welcome] from [Launch]');
  });

  it('gives the detail line: clicked URL, bounce reason, event data', () => {
    expect(describe({ ...base, type: 'email.clicked', contact, email, data: { url: 'https://x.test/a' } }).detail).toBe(
      'https://x.test/a',
    );
    expect(
      describe({ ...base, type: 'email.bounced', contact, email, data: { bounceType: 'hard', detail: '550 no user' } })
        .detail,
    ).toBe('Hard bounce: 550 no user');
    expect(
      describe({ ...base, type: 'event.triggered', contact, event: { name: 'x' }, data: { plan: 'pro', n: 2 } }).detail,
    ).toBe('plan: "pro", n: 2');
  });

  it('links parts to their screens by kind', () => {
    const parts = describe({ ...base, type: 'email.opened', contact, email, campaign: { id: 'k', name: 'L' } }).parts;
    expect(parts.filter((p) => typeof p !== 'string').map((p) => (p as { kind: string }).kind)).toEqual([
      'contact',
      'subject',
      'campaign',
    ]);
  });

  it('covers every activity type of the API', () => {
    for (const { type } of ACTIVITY_TYPES) {
      expect(describe({ ...base, type, contact, email }).parts.length).toBeGreaterThan(0);
    }
  });

  it('gives the instant just after an item, for "newer than this"', () => {
    expect(justAfter('2025-01-02T10:00:00.000Z')).toBe('2025-01-02T10:00:00.001Z');
  });
});
