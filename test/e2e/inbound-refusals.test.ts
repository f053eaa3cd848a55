// Invariant: a message the inbound listener refuses leaves nothing behind. Over 10 MB is 552, whether
// declared with SIZE at MAIL FROM or found during DATA; a message the parser rejects or one with no
// From address is 554 5.6.0; a 51st recipient is 452; a failure while storing is 451 and rolls back
// every recipient's event, across projects. The session goes on after a refusal.
import { describe, expect, it } from 'vitest';
import type { EventListener } from '../../src/events/events.service.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { eventsNamed } from './feedback-helpers.ts';
import { inboundHelpers } from './inbound-helpers.ts';

const MB = 1024 * 1024;

/** A message of about `bytes` bytes: headers, then 76-character body lines. */
function messageOf(bytes: number, headers: string[] = ['From: ann@remote.test', 'Subject: big']): string {
  const line = `${'x'.repeat(76)}\r\n`;
  return `${headers.join('\r\n')}\r\n\r\n${line.repeat(Math.ceil(bytes / line.length))}`;
}

describe.each(DIALECTS)('inbound refusals on %s', (dialect) => {
  // Fails the storing transaction of a message sent to `failFor`, after the other events were written.
  let failFor: string | undefined;
  const failing: EventListener = async (_trx, events) => {
    if (events.some((e) => e.projectId === failFor)) throw new Error('storage failure (test)');
  };
  const t = useTestEnv({ dialect, eventListeners: () => [failing] });
  const inbound = inboundHelpers(t);

  async function receivingProject(domain: string) {
    const p = await t.make.project();
    await inbound.addVerifiedDomain(p, domain);
    return p;
  }
  const received = async (projectId: string) => eventsNamed(t.deps, projectId, 'email.received');

  it('refuses a declared size over 10 MB at MAIL FROM with 552, before any data', async () => {
    const p = await receivingProject('declared.example.test');
    const replies = await inbound.dialogue([
      'EHLO client.remote.test',
      `MAIL FROM:<ann@remote.test> SIZE=${11 * MB}`,
      'MAIL FROM:<ann@remote.test> SIZE=2048',
      'RCPT TO:<x@declared.example.test>',
      'QUIT',
    ]);
    expect(replies[1]).toMatch(/^250-.*\n250[- ]SIZE 10485760/s);
    expect(replies[2]).toMatch(/^552 /);
    expect(replies.slice(3).map((r) => r.slice(0, 3))).toEqual(['250', '250', '221']);
    expect(await received(p.id)).toEqual([]);
  });

  it('answers the 51st recipient with 452 4.5.3 and keeps the first 50', async () => {
    await receivingProject('many.example.test');
    const rcpts = Array.from({ length: 51 }, (_, i) => `RCPT TO:<r${i}@many.example.test>`);
    const replies = await inbound.dialogue([
      'EHLO client.remote.test',
      'MAIL FROM:<ann@remote.test>',
      ...rcpts,
      'QUIT',
    ]);
    const codes = replies.slice(3, -1).map((r) => r.slice(0, 3));
    expect(codes).toEqual([...Array(50).fill('250'), '452']);
    expect(replies.at(-2)).toBe('452 4.5.3 Too many recipients');
  });

  it('answers a message that grows past 10 MB during DATA with 552 and stores nothing', async () => {
    const p = await receivingProject('huge.example.test');
    await t.make.contact(p, { email: 'ann@remote.test' });
    const to = ['x@huge.example.test'];
    await expect(inbound.send({ from: 'ann@remote.test', to }, messageOf(10 * MB + 4096))).rejects.toMatchObject({
      responseCode: 552,
    });
    expect(await received(p.id)).toEqual([]);
    // Just under the limit is taken whole.
    await inbound.send({ from: 'ann@remote.test', to }, messageOf(10 * MB - 4096));
    expect(await received(p.id)).toHaveLength(1);
  });

  it('answers a message the parser rejects with 554 5.6.0 and stores nothing', async () => {
    const p = await receivingProject('broken.example.test');
    // A header section over the parser's 1 MB limit, folded into ordinary lines.
    const folded = `X-Filler: ${Array.from({ length: 20_000 }, () => 'y'.repeat(70)).join('\r\n ')}`;
    const raw = ['From: ann@remote.test', 'Subject: broken', folded, '', 'body', ''].join('\r\n');
    const err = await inbound.send({ from: 'ann@remote.test', to: ['x@broken.example.test'] }, raw).catch((e) => e);
    expect(err).toMatchObject({ responseCode: 554 });
    expect(err.response).toMatch(/^554 5\.6\.0 Malformed message: /);
    expect(await received(p.id)).toEqual([]);
  });

  it('answers mail for a project without a From address with 554 5.6.0 and stores nothing', async () => {
    const p = await receivingProject('nofrom.example.test');
    for (const from of [[], ['From: undisclosed-recipients:;']]) {
      const raw = [...from, 'To: x@nofrom.example.test', 'Subject: who?', '', 'hi', ''].join('\r\n');
      const err = await inbound.send({ from: 'ann@remote.test', to: ['x@nofrom.example.test'] }, raw).catch((e) => e);
      expect(err).toMatchObject({ responseCode: 554 });
      expect(err.response).toBe('554 5.6.0 Malformed message: no address in the From header');
    }
    expect(await received(p.id)).toEqual([]);
  });

  it('answers a storage failure with 451 and keeps no recipient’s event, in any project', async () => {
    const ok = await receivingProject('ok.example.test');
    const bad = await receivingProject('bad.example.test');
    failFor = bad.id;
    try {
      const raw = 'From: ann@remote.test\r\nSubject: hi\r\n\r\nhi\r\n';
      const to = ['a@ok.example.test', 'b@bad.example.test'];
      await expect(inbound.send({ from: 'ann@remote.test', to }, raw)).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      failFor = undefined;
    }
    expect(await received(ok.id)).toEqual([]);
    expect(await received(bad.id)).toEqual([]);
  });
});
