/** Shared by the email log tests: the /emails calls, a webhook endpoint written as a row, and the messages written for it. */
import { expect } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import type { TestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';

export function emailLogHelpers(t: TestEnv) {
  return {
    send: (p: TestProject, to: string, extra: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/send',
        headers: { authorization: p.auth },
        payload: { to, from: 'app@log.test', subject: `To ${to}`, body: '<p>Hi</p>', ...extra },
      }),
    /** Sends to `to` and answers the email's id. */
    async sendOne(p: TestProject, to: string, extra: Record<string, unknown> = {}): Promise<string> {
      const res = await this.send(p, to, extra);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.emails[0].email;
    },
    list: (p: TestProject, query = '') => t.app.inject({ url: `/emails${query}`, headers: { authorization: p.auth } }),
    detail: (p: TestProject, id: string) => t.app.inject({ url: `/emails/${id}`, headers: { authorization: p.auth } }),
    retry: (p: TestProject, id: string) =>
      t.app.inject({ method: 'POST', url: `/emails/${id}/retry`, headers: { authorization: p.auth } }),
    row: (id: string) => t.deps.db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    attempts: (id: string) =>
      t.deps.db.selectFrom('emailAttempts').selectAll().where('emailId', '=', id).orderBy('id').execute(),
    /** Makes a PENDING row due now (a retry's backoff is minutes) and runs delivery. */
    async deliverDueNow(id: string) {
      await t.deps.db
        .updateTable('emails')
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where('id', '=', id)
        .execute();
      await t.deps.jobs.enqueue('email.deliver', {});
      await t.deps.jobs.drain();
    },
    /**
     * An enabled endpoint of the project taking `events`, written as a row (the endpoints API is the
     * webhooks feature's); the announcer's cache is told to forget the project.
     */
    async endpoint(p: TestProject, events: string[] = ['*']): Promise<string> {
      const id = newId();
      const now = new Date();
      await t.deps.db
        .insertInto('webhookEndpoints')
        .values({
          id,
          projectId: p.id,
          url: 'https://hooks.example.test/in',
          events: JSON.stringify(events),
          description: null,
          enabled: true,
          disabledReason: null,
          secret: 'x',
          previousSecret: null,
          previousSecretUntil: null,
          failingSince: null,
          failureStreak: 0,
          restingUntil: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await t.deps.caches.forget(p.id);
      return id;
    },
    /** The bodies of the webhook messages written for the project, oldest first, optionally of one type. */
    async messages(p: TestProject, type?: string) {
      const rows = await t.deps.db
        .selectFrom('webhookMessages')
        .select(['type', 'payload'])
        .where('projectId', '=', p.id)
        .$if(type !== undefined, (q) => q.where('type', '=', type!))
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      return rows.map(
        (r) => JSON.parse(r.payload) as { type: string; timestamp: string; data: Record<string, unknown> },
      );
    },
  };
}
