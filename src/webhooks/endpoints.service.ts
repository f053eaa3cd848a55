/**
 * A project's webhook endpoints: create (the secret answered once), read, change, rotate the secret
 * (the old one keeps signing for 24 h), delete, and send a test. Every write forgets the project in
 * the announcer's cache, here and, once committed, in every other process.
 */

import { fromJson, toBool, toJson } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { invalid, notFound } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import { parseAllowList } from '../lib/outbound/allow-list.ts';
import { pinAddress } from '../lib/outbound/guard.ts';
import { OutboundError, OutboundRefused, resolverAddresses } from '../lib/outbound/request.ts';
import { parseTarget } from '../lib/outbound/target.ts';
import { encryptSecret } from '../lib/secret-box.ts';
import * as repo from './endpoints.repo.ts';
import { newWebhookSecret } from './signing.ts';
import type { CreateEndpointBody, EndpointView, EndpointWithSecret, UpdateEndpointBody } from './webhooks.schemas.ts';

/** Endpoints a project may have. */
export const MAX_ENDPOINTS = 20;
/** How long the secret before a rotation keeps signing. */
const ROTATION_OVERLAP_MS = 24 * 3600_000;

type EndpointDeps = Pick<Deps, 'db' | 'reader' | 'clock' | 'config' | 'dns' | 'secrets' | 'caches'>;

export function toEndpointView(row: repo.EndpointRow): EndpointView {
  return {
    id: row.id,
    url: row.url,
    events: fromJson<string[]>(row.events),
    description: row.description,
    enabled: toBool(row.enabled),
    disabledReason: row.disabledReason,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/**
 * 422 unless `url` is http(s) without credentials and every address its host resolves to passes the
 * outbound guard of WEBHOOK steps (WEBHOOK_ALLOWED_HOSTS exempts). A host that does not resolve yet
 * is accepted: delivery checks again at every attempt.
 */
async function checkUrl(deps: Pick<Deps, 'config' | 'dns'>, url: string): Promise<string> {
  try {
    const target = parseTarget(url);
    await pinAddress(target, parseAllowList(deps.config.webhookAllowedHosts), resolverAddresses(deps.dns));
    return target.url.href;
  } catch (err) {
    if (err instanceof OutboundRefused) throw invalid('url', `is refused: ${err.reason}`, 'URL_NOT_ALLOWED');
    if (err instanceof OutboundError && err.kind === 'network') return new URL(url).href;
    if (err instanceof OutboundError) throw invalid('url', err.message);
    throw err;
  }
}

/** `["*"]` when the list names every type or `*`; otherwise the distinct types in the order given. */
function normalizeEvents(events: readonly string[]): string[] {
  return events.includes('*') ? ['*'] : [...new Set(events)];
}

async function findOrThrow(deps: Pick<Deps, 'reader'>, projectId: string, id: string) {
  const row = await repo.findEndpoint(deps.reader, projectId, id);
  if (!row) throw notFound('WEBHOOK_ENDPOINT');
  return row;
}

export async function createEndpoint(
  deps: EndpointDeps,
  projectId: string,
  input: CreateEndpointBody,
): Promise<EndpointWithSecret> {
  const url = await checkUrl(deps, input.url);
  const secret = newWebhookSecret();
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    if ((await repo.countEndpoints(trx, projectId)) >= MAX_ENDPOINTS) {
      throw invalid('url', `a project may have at most ${MAX_ENDPOINTS} webhook endpoints`, 'TOO_MANY_ENDPOINTS');
    }
    return repo.insertEndpoint(trx, {
      id: newId(),
      projectId,
      url,
      events: toJson(normalizeEvents(input.events)),
      description: input.description ?? null,
      enabled: input.enabled ?? true,
      disabledReason: null,
      secret: encryptSecret(secret, deps.secrets.encryptionKey),
      previousSecret: null,
      previousSecretUntil: null,
      failingSince: null,
      restingUntil: null,
      createdAt: now,
      updatedAt: now,
    });
  });
  await deps.caches.forget(projectId);
  return { ...toEndpointView(row), secret };
}

export async function listEndpoints(deps: Pick<Deps, 'reader'>, projectId: string): Promise<EndpointView[]> {
  return (await repo.listEndpoints(deps.reader, projectId)).map(toEndpointView);
}

export async function getEndpoint(deps: Pick<Deps, 'reader'>, projectId: string, id: string): Promise<EndpointView> {
  return toEndpointView(await findOrThrow(deps, projectId, id));
}

/** Changes url, events, description or enabled; enabling clears the reason it was disabled and its failing streak. */
export async function updateEndpoint(
  deps: EndpointDeps,
  projectId: string,
  id: string,
  input: UpdateEndpointBody,
): Promise<EndpointView> {
  await findOrThrow(deps, projectId, id);
  const url = input.url === undefined ? undefined : await checkUrl(deps, input.url);
  const enabling = input.enabled === true;
  const row = await repo.updateEndpoint(deps.db, projectId, id, {
    ...(url !== undefined && { url }),
    ...(input.events !== undefined && { events: toJson(normalizeEvents(input.events)) }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.enabled !== undefined && { enabled: input.enabled }),
    ...(enabling && { disabledReason: null, failingSince: null, failureStreak: 0, restingUntil: null }),
    updatedAt: deps.clock.now(),
  });
  if (!row) throw notFound('WEBHOOK_ENDPOINT');
  await deps.caches.forget(projectId);
  // Messages written while it was disabled wait; enabled again, they go.
  return toEndpointView(row);
}

/** A new secret, answered once; the current one keeps signing (a second signature) for 24 h. */
export async function rotateSecret(deps: EndpointDeps, projectId: string, id: string): Promise<EndpointWithSecret> {
  const current = await findOrThrow(deps, projectId, id);
  const secret = newWebhookSecret();
  const now = deps.clock.now();
  const row = await repo.updateEndpoint(deps.db, projectId, id, {
    secret: encryptSecret(secret, deps.secrets.encryptionKey),
    previousSecret: current.secret,
    previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS),
    updatedAt: now,
  });
  if (!row) throw notFound('WEBHOOK_ENDPOINT');
  return { ...toEndpointView(row), secret };
}

/** Deletes the endpoint with its message log; 404 when it is not the project's. */
export async function deleteEndpoint(deps: EndpointDeps, projectId: string, id: string): Promise<void> {
  if (!(await repo.deleteEndpoint(deps.db, projectId, id))) throw notFound('WEBHOOK_ENDPOINT');
  await deps.caches.forget(projectId);
}
