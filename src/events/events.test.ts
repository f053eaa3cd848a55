// Invariant: the listeners given at composition run inside the transaction that stores the events, see
// those events, and commit or roll back with them; a failing listener undoes the change that caused them.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../../test/env.ts';
import { insertActivity, listActivity } from '../activity/activity.repo.ts';
import type { Trx } from '../db/index.ts';
import { listContactEvents } from './events.repo.ts';
import { type EventListener, recordEvent, type StoredEvent } from './events.service.ts';

describe.each(DIALECTS)('event listeners on %s', (dialect) => {
  const seen: Array<{ events: StoredEvent[]; inTransaction: boolean; storedYet: boolean }> = [];
  /** Contacts whose events make the listener throw. */
  const refuse = new Set<string>();
  // Stands in for segment membership or workflow triggers: it writes a row per event, in the event's trx.
  const listener: EventListener = async (trx: Trx, events) => {
    const first = events[0]!;
    const stored = await listContactEvents(trx, first.projectId, first.contactId!);
    seen.push({
      events: [...events],
      inTransaction: trx.isTransaction,
      storedYet: stored.some((e) => e.id === first.id),
    });
    if (refuse.has(first.contactId!)) throw new Error('listener refused');
    for (const e of events) {
      const row = { projectId: e.projectId, type: 'test.listener', resourceType: 'event', resourceId: e.id, data: {} };
      await insertActivity(trx, row, e.createdAt);
    }
  };
  const t = useTestEnv({ dialect, eventListeners: () => [listener] });
  const listenerRows = async (projectId: string) =>
    (await listActivity(t.deps.db, projectId, 100)).filter((a) => a.type === 'test.listener');

  it('runs in the transaction that stores the events, sees them, and commits its writes with them', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p);
    seen.length = 0;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/contacts/${c.id}`,
      headers: { authorization: p.auth },
      payload: { subscribed: false },
    });
    expect(res.statusCode).toBe(200);
    const events = await listContactEvents(t.deps.db, p.id, c.id);
    expect(events.map((e) => e.name)).toEqual(['contact.unsubscribed']);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ inTransaction: true, storedYet: true });
    expect(seen[0]!.events.map((e) => [e.id, e.name, e.contactId])).toEqual([
      [events[0]!.id, 'contact.unsubscribed', c.id],
    ]);
    expect((await listenerRows(p.id)).map((a) => a.resourceId)).toEqual([events[0]!.id]);
  });

  it("rolls its writes back with the event when the caller's transaction fails", async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p);
    seen.length = 0;
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await recordEvent({ ...t.deps, db: trx }, { projectId: p.id, contactId: c.id, name: 'plan.upgraded' });
        throw new Error('the caller fails after storing the event');
      }),
    ).rejects.toThrow('the caller fails');
    expect(seen.map((s) => s.events.map((e) => e.name))).toEqual([['plan.upgraded']]);
    expect(seen[0]).toMatchObject({ inTransaction: true, storedYet: true });
    expect(await listContactEvents(t.deps.db, p.id, c.id)).toEqual([]);
    expect(await listenerRows(p.id)).toEqual([]);
  });

  it('undoes the change that caused the event when a listener throws', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p);
    refuse.add(c.id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/contacts/${c.id}`,
      headers: { authorization: p.auth },
      payload: { subscribed: false, data: { plan: 'pro' } },
    });
    expect(res.statusCode).toBe(500);
    const after = await t.app.inject({ url: `/contacts/${c.id}`, headers: { authorization: p.auth } });
    expect(after.json()).toEqual(c);
    expect(await listContactEvents(t.deps.db, p.id, c.id)).toEqual([]);
    expect(await listenerRows(p.id)).toEqual([]);
  });

  it('opens a transaction of its own when the writer passes none', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p);
    seen.length = 0;
    const id = await recordEvent(t.deps, { projectId: p.id, contactId: c.id, name: 'signed.in' });
    expect(seen[0]).toMatchObject({ inTransaction: true, storedYet: true });
    expect((await listenerRows(p.id)).map((a) => a.resourceId)).toEqual([id]);
  });
});
