/**
 * `call` (an API call through a cluster that must answer a given status; the SNS storm uses it too),
 * and for the restart scenario: pending work set up through the API of a cluster — scheduled campaigns
 * to small audiences, workflows whose executions wait in a DELAY or a WAIT_FOR_EVENT (each followed
 * by a SEND_EMAIL, so every firing is a countable email), and a large CSV import — and the rows that
 * say how each piece ended.
 */
import { expect } from 'vitest';
import type { Cluster } from './cluster.ts';

type Json = Record<string, unknown>;
export type Api = <T = Json>(method: string, path: string, body?: unknown) => Promise<{ status: number; json: T }>;

/** Calls the API and expects `status`; answers the body. */
export async function call<T = Json & { id: string }>(
  api: Api,
  method: string,
  path: string,
  body?: unknown,
  status = 200,
) {
  const r = await api<T>(method, path, body);
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.json)}`).toBe(status);
  return r.json;
}

async function template(api: Api, name: string): Promise<string> {
  const body = {
    name,
    subject: `${name} {{ email }}`,
    body: '<p>{{ email }}</p>',
    type: 'TRANSACTIONAL',
    from: 'hi@shop.test',
  };
  return (await call(api, 'POST', '/templates', body, 201)).id;
}

/**
 * Enabled workflows started by `delay.start` (TRIGGER → DELAY 1 min → SEND_EMAIL "Delayed") and
 * `wait.start` (TRIGGER → WAIT_FOR_EVENT `never.comes`, 60 s → TIMEOUT: SEND_EMAIL "Timed out";
 * EVENT: EXIT). Answers their ids.
 */
export async function buildWaitingFlows(api: Api): Promise<{ delay: string; wait: string }> {
  const flow = async (eventName: string, wait: Json, subject: string, eventExit: boolean) => {
    const w = await call<{ id: string; steps: Array<{ id: string }> }>(
      api,
      'POST',
      '/workflows',
      { name: eventName, eventName },
      201,
    );
    const step = async (type: string, config: Json) =>
      (await call(api, 'POST', `/workflows/${w.id}/steps`, { type, config }, 201)).id;
    const link = (fromStepId: string, toStepId: string, waitOutcome?: string) =>
      call(
        api,
        'POST',
        `/workflows/${w.id}/transitions`,
        { fromStepId, toStepId, ...(waitOutcome ? { waitOutcome } : {}) },
        201,
      );
    const waitStep = await step(wait.type as string, wait.config as Json);
    const send = await step('SEND_EMAIL', { templateId: await template(api, subject) });
    await link(w.steps[0]!.id, waitStep);
    if (eventExit) {
      await link(waitStep, send, 'TIMEOUT');
      await link(waitStep, await step('EXIT', { reason: 'event came' }), 'EVENT');
    } else await link(waitStep, send);
    await call(api, 'PATCH', `/workflows/${w.id}`, { enabled: true });
    return w.id;
  };
  return {
    delay: await flow('delay.start', { type: 'DELAY', config: { amount: 1, unit: 'minutes' } }, 'Delayed', false),
    wait: await flow(
      'wait.start',
      { type: 'WAIT_FOR_EVENT', config: { eventName: 'never.comes', timeout: 60 } },
      'Timed out',
      true,
    ),
  };
}

/** `count` contacts in group `group` (data.group), and a MARKETING campaign FILTERED to that group. */
export async function campaignFor(
  api: Api,
  group: string,
  count: number,
): Promise<{ id: string; recipients: string[] }> {
  const recipients = Array.from({ length: count }, (_, i) => `${group}-${i}@dest.test`);
  await Promise.all(recipients.map((email) => call(api, 'POST', '/contacts', { email, data: { group } }, 201)));
  const body = {
    name: `Campaign ${group}`,
    subject: `Campaign ${group}`,
    body: '<p>Hello {{ email }}</p>',
    from: 'news@shop.test',
    type: 'MARKETING',
    audienceType: 'FILTERED',
    audienceFilter: { operator: 'AND', conditions: [{ field: 'data.group', operator: 'equals', value: group }] },
  };
  const created = await call<{ data: { id: string } }>(api, 'POST', '/campaigns', body, 201);
  return { id: created.data.id, recipients };
}

/** A CSV of `rows` distinct, valid contacts (`imp<i>@dest.test`, with a number and a plan). */
export function importCsv(rows: number): string {
  const lines = ['email,n,plan'];
  for (let i = 0; i < rows; i++) lines.push(`imp${i}@dest.test,${i},${i % 2 ? 'pro' : 'free'}`);
  return `${lines.join('\n')}\n`;
}

/** POST /contacts/import with the CSV as a multipart file part; answers the job id. */
export async function uploadImport(cluster: Cluster, auth: string, csv: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
  const res = await fetch(`${cluster.urls()[0]}/contacts/import`, {
    method: 'POST',
    headers: { authorization: auth },
    body: form,
  });
  const body = (await res.json()) as { jobId: string };
  expect(res.status, JSON.stringify(body)).toBe(202);
  return body.jobId;
}

/** The import job's row: status, counters and lease. */
export const importRow = (cluster: Cluster, id: string) =>
  cluster.deps.db
    .selectFrom('importJobs')
    .select(['status', 'totalRows', 'cursor', 'imported', 'updated', 'skipped', 'leaseUntil', 'attempts'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The project's workflow executions: workflow, contact, status, due time. */
export const executionsOf = (cluster: Cluster, projectId: string) =>
  cluster.deps.db
    .selectFrom('workflowExecutions')
    .select(['id', 'workflowId', 'contactId', 'status', 'dueAt'])
    .where('projectId', '=', projectId)
    .execute();
