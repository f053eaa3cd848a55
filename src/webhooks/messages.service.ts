/** An endpoint's message log, a retry a user asks for, and the test message. */
import { fromJson } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { conflict, notFound } from '../errors.ts';
import { decodeCursor, toCursorPage } from '../http/pagination.ts';
import { newId } from '../lib/ids.ts';
import { deliverClaimedNow, messageLeaseMs, TEST_TYPE } from './delivery.ts';
import { findEndpoint } from './endpoints.repo.ts';
import * as repo from './messages.repo.ts';
import { messageBody } from './subscriptions.ts';
import type { AttemptView, MessageDetail, MessagesQuery, MessageView, TestResult } from './webhooks.schemas.ts';

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export function toMessageView(row: repo.MessageRow): MessageView {
  const finished = row.status === 'DELIVERED' || row.status === 'FAILED';
  return {
    id: row.id,
    type: row.type,
    // A message a worker holds is still pending to the customer.
    status: row.status === 'SENDING' ? 'PENDING' : row.status,
    attempts: row.attempts,
    createdAt: iso(row.createdAt)!,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: finished ? null : iso(row.nextAttemptAt),
    lastResponse:
      row.lastAttemptAt === null
        ? null
        : { status: row.lastStatus, body: row.lastBody ?? '', durationMs: row.lastDurationMs ?? 0 },
  };
}

function toAttemptView(row: repo.AttemptRow): AttemptView {
  return { id: row.id, at: iso(row.at)!, status: row.status, body: row.body, durationMs: row.durationMs };
}

async function endpointOf(deps: Pick<Deps, 'reader'>, projectId: string, endpointId: string) {
  const endpoint = await findEndpoint(deps.reader, projectId, endpointId);
  if (!endpoint) throw notFound('WEBHOOK_ENDPOINT');
  return endpoint;
}

/** The endpoint's messages, newest first; 404 for an endpoint that is not the project's. */
export async function listMessages(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  endpointId: string,
  q: MessagesQuery,
) {
  await endpointOf(deps, projectId, endpointId);
  const afterId = decodeCursor(q.cursor);
  const rows = await repo.listMessages(deps.reader, projectId, endpointId, {
    limit: q.limit,
    afterId,
    status: q.status,
  });
  return toCursorPage(
    rows,
    q.limit,
    afterId === undefined,
    () => repo.countMessages(deps.reader, projectId, endpointId, q.status),
    toMessageView,
  );
}

export async function getMessage(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  endpointId: string,
  messageId: string,
): Promise<MessageDetail> {
  await endpointOf(deps, projectId, endpointId);
  const row = await repo.findMessage(deps.reader, projectId, endpointId, messageId);
  if (!row) throw notFound('WEBHOOK_MESSAGE');
  const attempts = await repo.listAttempts(deps.reader, projectId, messageId);
  return {
    ...toMessageView(row),
    payload: fromJson<MessageDetail['payload']>(row.payload),
    attemptLog: attempts.map(toAttemptView),
  };
}

/** Sends the message again now with the same webhook-id, whatever its status; 409 while a worker is sending it. */
export async function retryMessage(deps: Deps, projectId: string, endpointId: string, messageId: string) {
  const endpoint = await endpointOf(deps, projectId, endpointId);
  const now = deps.clock.now();
  const lease = { now, leaseUntil: new Date(now.getTime() + messageLeaseMs(deps)), token: newId() };
  const row = await repo.claimMessageNow(deps.db, { projectId, endpointId, id: messageId }, lease);
  if (!row) {
    if (!(await repo.findMessage(deps.reader, projectId, endpointId, messageId))) throw notFound('WEBHOOK_MESSAGE');
    throw conflict('The message is being delivered right now; look again in a few seconds.');
  }
  await deliverClaimedNow(deps, row, endpoint);
  return getMessage(deps, projectId, endpointId, messageId);
}

/** Sends a `webhook.test` message to the endpoint at once (enabled or not) and answers the attempt. */
export async function sendTest(deps: Deps, projectId: string, endpointId: string): Promise<TestResult> {
  const endpoint = await endpointOf(deps, projectId, endpointId);
  const now = deps.clock.now();
  const id = newId();
  const data = { endpointId, message: 'A test message from Mailwright: your endpoint is reachable.' };
  const row = await repo.insertClaimedMessage(
    deps.db,
    { id, projectId, endpointId, type: TEST_TYPE, payload: messageBody(TEST_TYPE, now, data), createdAt: now },
    { leaseUntil: new Date(now.getTime() + messageLeaseMs(deps)), token: newId() },
  );
  const attempt = await deliverClaimedNow(deps, row, endpoint);
  return {
    messageId: id,
    delivered: attempt.ok,
    at: attempt.at.toISOString(),
    status: attempt.status,
    body: attempt.body,
    durationMs: attempt.durationMs,
  };
}
