/**
 * WEBHOOK: calls out through the one outbound module (its SSRF guard, timeout and response cap),
 * signed with the project's webhook secret and carrying the arrival's `step_token` as the delivery id.
 * A crash between the call and the commit repeats the call with the same delivery id, so receivers
 * dedupe on it. A 5xx, 408, 429, a timeout or a network error is tried again with backoff; anything
 * else that is not a 2xx fails the step.
 */

import type { ContactView } from '../../contacts/contacts.schemas.ts';
import { getContact } from '../../contacts/contacts.service.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { backoffMinutes, retryDueAt } from '../../lib/backoff.ts';
import { OutboundError, OutboundRefused, resolverAddresses, sendOutbound } from '../../lib/outbound/request.ts';
import { renderTemplate } from '../../mail/render/liquid.ts';
import { webhookSignature, webhookSigningSecret } from '../../projects/webhook-secret.ts';
import type { WebhookConfig } from '../step-configs.ts';
import { documentsOf } from './documents.ts';
import type { ExecutionRow } from './executions.repo.ts';
import type { StepInput, StepOutcome } from './step-types.ts';

/**
 * Before call N+1 after a retryable failure of call N: these minutes, the last repeating, ±10 % so
 * webhooks that failed together do not all come back in one burst.
 */
const CALL_BACKOFF = backoffMinutes([0.5, 2, 10, 30, 120], 0.1);
const KEPT_RESPONSE = 1024;
const MAX_REDIRECTS = 3;

type Json = Record<string, unknown>;

/** Every variable a webhook's url, headers and body may use. */
function variables(row: ExecutionRow, contact: ContactView, workflowName: string) {
  const { eventData, context } = documentsOf(row);
  const c = { id: contact.id, email: contact.email, subscribed: contact.subscribed, data: contact.data };
  return {
    vars: {
      ...contact.data,
      id: contact.id,
      email: contact.email,
      subscribed: contact.subscribed,
      contact: c,
      event: eventData,
      workflow: context,
      execution: { id: row.id, startedAt: row.startedAt },
    },
    // decisions.md's default body.
    defaultBody: {
      contact: c,
      workflow: { id: row.workflowId, name: workflowName },
      execution: { id: row.id, startedAt: row.startedAt },
      event: eventData,
    },
  };
}

/** Renders every string of an object body (values only, never keys). */
async function renderStrings(value: unknown, vars: Json, path: string): Promise<unknown> {
  if (typeof value === 'string') return renderTemplate(path, 'subject', value, vars);
  if (Array.isArray(value)) return Promise.all(value.map((v, i) => renderStrings(v, vars, `${path}[${i}]`)));
  if (value !== null && typeof value === 'object') {
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) out[k] = await renderStrings(v, vars, `${path}.${k}`);
    return out;
  }
  return value;
}

async function buildRequest(c: WebhookConfig, vars: Json, defaultBody: Json) {
  const url = await renderTemplate('config.url', 'url', c.url, vars);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(c.headers))
    headers[k] = await renderTemplate(`config.headers.${k}`, 'subject', v, vars);
  let body: string | undefined;
  let type = 'application/json';
  if (typeof c.body === 'string') {
    body = await renderTemplate('config.body', 'subject', c.body, vars);
    type = 'text/plain; charset=utf-8';
  } else if (c.body) body = JSON.stringify(await renderStrings(c.body, vars, 'config.body'));
  else if (c.method !== 'GET') body = JSON.stringify(defaultBody);
  if (body !== undefined && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) {
    headers['content-type'] = type;
  }
  return { url, headers, body };
}

const retryable = (status: number) => status >= 500 || status === 408 || status === 429;

function retryOrFail(deps: Deps, row: ExecutionRow, now: Date, error: string, output: Json): StepOutcome {
  if (row.attempts >= deps.config.webhookMaxAttempts) return { kind: 'fail', error, output };
  return { kind: 'retry', dueAt: retryDueAt(CALL_BACKOFF, now, row.attempts), error };
}

export async function webhookStep(deps: Deps, { row, step, graph, now }: StepInput): Promise<StepOutcome> {
  const c = step.config as unknown as WebhookConfig;
  const contact = await getContact(deps, row.projectId, row.contactId);
  const { vars, defaultBody } = variables(row, contact, graph.workflow.name);
  let request: Awaited<ReturnType<typeof buildRequest>>;
  try {
    request = await buildRequest(c, vars, defaultBody);
  } catch (err) {
    if (err instanceof AppError) return { kind: 'fail', error: err.message };
    throw err;
  }
  const deliveryId = row.stepToken;
  const signature = webhookSignature(
    webhookSigningSecret(deps.secrets.signingSecret, row.projectId),
    request.body ?? '',
    now,
  );
  const output: Json = { deliveryId, attempt: row.attempts, method: c.method };
  const started = Date.now();
  try {
    const res = await sendOutbound(
      {
        url: request.url,
        method: c.method,
        body: request.body,
        headers: {
          ...request.headers,
          'x-mailwright-delivery': deliveryId,
          'x-mailwright-signature': signature,
          'x-mailwright-attempt': String(row.attempts),
        },
      },
      {
        allowedHosts: deps.config.webhookAllowedHosts,
        resolve: resolverAddresses(deps.dns),
        timeoutMs: deps.config.webhookTimeoutMs,
        maxResponseBytes: deps.config.webhookMaxResponseBytes,
        maxRedirects: MAX_REDIRECTS,
      },
    );
    Object.assign(output, {
      status: res.status,
      durationMs: Date.now() - started,
      response: res.body.subarray(0, KEPT_RESPONSE).toString('utf8'),
      truncated: res.truncated || res.body.length > KEPT_RESPONSE,
    });
    if (res.status >= 200 && res.status < 300) return { kind: 'next', output };
    const error = `the webhook answered ${res.status}`;
    return retryable(res.status) ? retryOrFail(deps, row, now, error, output) : { kind: 'fail', error, output };
  } catch (err) {
    if (err instanceof OutboundRefused) return { kind: 'fail', error: `refused: ${err.reason}`, output };
    if (err instanceof OutboundError) {
      const error = `the webhook call failed (${err.kind}): ${err.message}`;
      if (err.kind === 'timeout' || err.kind === 'network') return retryOrFail(deps, row, now, error, output);
      return { kind: 'fail', error, output };
    }
    throw err;
  }
}
