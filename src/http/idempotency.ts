/**
 * `Idempotency-Key` (decisions.md "/v1/send"): per project, kept 24 hours. The first request with a
 * key runs and its response is stored; a repeat with the same body gets that response again, a
 * repeat with another body 409 IDEMPOTENCY_KEY_REUSED, and a repeat while the first still runs 409
 * CONFLICT (retry later). A request that fails gives the key up, so a corrected retry can use it.
 */
import { createHash } from 'node:crypto';
import { fromJson } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { conflict, invalid } from '../errors.ts';
import * as repo from './idempotency.repo.ts';

const KEEP_MS = 24 * 60 * 60 * 1000;
/** A request holding a key this long without finishing is taken to have died with its process. */
const ABANDONED_MS = 5 * 60 * 1000;

/** JSON with object keys sorted, so two bodies equal as values hash the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a key remembers of its first request's body: equal bodies (as values) give equal hashes. */
export function bodyHashOf(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

export interface Replayable<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/** Runs `run` at most once per project and key; see the file comment for the answers to repeats. */
export async function withIdempotency<T>(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectId: string,
  key: string | string[] | undefined,
  body: unknown,
  run: () => Promise<{ statusCode: number; body: T }>,
): Promise<Replayable<T>> {
  if (key === undefined) return { ...(await run()), replayed: false };
  if (typeof key !== 'string' || !/^[\x20-\x7e]{1,255}$/.test(key)) {
    throw invalid('Idempotency-Key', 'must be 1 to 255 printable ASCII characters', 'INVALID_IDEMPOTENCY_KEY');
  }
  const bodyHash = bodyHashOf(body);
  const now = deps.clock.now();
  const claimed = await repo.claimIdempotencyKey(deps.db, {
    projectId,
    key,
    bodyHash,
    now,
    expiresAt: new Date(now.getTime() + KEEP_MS),
    staleBefore: new Date(now.getTime() - ABANDONED_MS),
  });
  if (!claimed) {
    const first = await repo.findIdempotencyKey(deps.db, projectId, key);
    if (first && first.bodyHash !== bodyHash) {
      throw conflict('This Idempotency-Key was used with a different request body.', 'IDEMPOTENCY_KEY_REUSED');
    }
    if (!first || first.statusCode === null) {
      throw conflict('A request with this Idempotency-Key is still being processed; retry shortly.');
    }
    return { statusCode: first.statusCode, body: fromJson<T>(first.response) as T, replayed: true };
  }
  try {
    const result = await run();
    await repo.completeIdempotencyKey(deps.db, projectId, key, result.statusCode, JSON.stringify(result.body));
    return { ...result, replayed: false };
  } catch (err) {
    await repo.deleteIdempotencyKey(deps.db, projectId, key);
    throw err;
  }
}

/** Forgets expired keys (maintenance). */
export async function pruneIdempotencyKeys(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  await repo.pruneIdempotencyKeys(deps.db, deps.clock.now());
}
