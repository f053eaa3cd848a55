/** Shared by the webhook tests: the /webhook-endpoints calls, a receiver, and the rows behind them. */
import { expect } from 'vitest';
import type { TestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';

export function webhookHelpers(t: TestEnv) {
  const call = (p: TestProject, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload !== undefined && { payload }) });
  return {
    call,
    /** Creates an endpoint and answers its view with the secret. */
    async endpoint(p: TestProject, url: string, events: string[] = ['*']) {
      const res = await call(p, 'POST', '/webhook-endpoints', { url, events });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; secret: string; url: string; events: string[] };
    },
    async contact(p: TestProject, email: string, data: Record<string, unknown> = {}) {
      const res = await call(p, 'POST', '/contacts', { email, data });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as { id: string; email: string };
    },
    /** Runs delivery now, as a worker woken by the commit would (tests drain the queue by hand). */
    async deliver() {
      await t.deps.webhookWaker.wakeNow();
      await t.deps.jobs.drain();
    },
    messages: (endpointId: string) =>
      t.deps.db.selectFrom('webhookMessages').selectAll().where('endpointId', '=', endpointId).orderBy('id').execute(),
    /** Makes every waiting message of the endpoint due now and lets the endpoint out of its rest. */
    async dueNow(endpointId: string) {
      const past = new Date(Date.now() - 1000).toISOString();
      await t.deps.db
        .updateTable('webhookMessages')
        .set({ nextAttemptAt: past })
        .where('endpointId', '=', endpointId)
        .where('status', '=', 'PENDING')
        .execute();
      await t.deps.db
        .updateTable('webhookEndpoints')
        .set({ restingUntil: null })
        .where('id', '=', endpointId)
        .execute();
    },
  };
}
