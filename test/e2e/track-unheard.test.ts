// Invariant: a burst of POST /v1/track calls stores every contact change and every event, with the
// contact it belongs to, whichever way the group is written: as one statement when nothing hears it
// (PostgreSQL, no workflow, tracked segment or endpoint acting on it), or in a transaction with the
// listeners when something does; a workflow listening to the event still starts for each contact.
import { describe, expect, it } from 'vitest';
import { listContactEvents } from '../../src/events/events.repo.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { workflowHelpers } from './workflow-helpers.ts';

describe.each(DIALECTS)('a burst of tracks on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const wf = workflowHelpers(t);

  /** Tracks `event` for `count` addresses at once (half of them known beforehand, with data of their own). */
  async function burst(p: TestProject, event: string, count: number) {
    const emails = Array.from({ length: count }, (_, i) => `burst${i}@example.test`);
    for (const email of emails.slice(0, count / 2)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/contacts',
        headers: { authorization: p.auth },
        payload: { email, data: { kept: 'yes', plan: 'free' } },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const answers = await Promise.all(
      emails.map((email, i) =>
        wf.track(p, email, event, { plan: 'pro', seen: i, once: { value: i, persistent: false } }),
      ),
    );
    return emails.map((email, i) => ({ email, i, body: answers[i]!.json().data }));
  }

  const contactOf = async (p: TestProject, id: string) =>
    (await t.app.inject({ url: `/contacts/${id}`, headers: { authorization: p.auth } })).json();

  it('stores each contact change and each event with its contact when nothing listens', async () => {
    const p = await t.make.project();
    const tracked = await burst(p, 'opened.app', 20);
    expect(new Set(tracked.map((r) => r.body.contact)).size).toBe(20);
    for (const { email, i, body } of tracked) {
      const contact = await contactOf(p, body.contact);
      expect(contact.email).toBe(email);
      expect(contact.data).toMatchObject({ plan: 'pro', seen: i, ...(i < 10 ? { kept: 'yes' } : {}) });
      expect(contact.data.once).toBeUndefined();
      const events = await listContactEvents(t.deps.db, p.id, body.contact);
      expect(events.map((e) => ({ id: e.id, name: e.name }))).toEqual([{ id: body.event, name: 'opened.app' }]);
      const data = typeof events[0]!.data === 'string' ? JSON.parse(events[0]!.data) : events[0]!.data;
      expect(data).toEqual({ plan: 'pro', seen: i, once: i });
      expect(events[0]!.createdAt).toBe(body.timestamp);
    }
  });

  it('starts a listening workflow for every contact of the burst, and not for other events', async () => {
    const p = await t.make.project();
    const flow = await wf.build(p, {
      eventName: 'signed.up',
      steps: [{ key: 'end', type: 'EXIT' }],
      edges: [['trigger', 'end']],
    });
    await burst(p, 'opened.app', 10);
    expect(await wf.executions(p, flow.id)).toEqual([]);
    const tracked = (await burst(p, 'signed.up', 10)).map((r) => r.body.contact);
    const started = await wf.executions(p, flow.id);
    expect(started.map((e) => e.contactId).sort()).toEqual([...tracked].sort());
  });
});
