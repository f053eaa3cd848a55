// Invariant: a project's request budget (RATE_LIMIT_PER_MINUTE, 1000 by default) holds for the whole
// deployment, not per process: with REDIS_URL set, API processes draw on one fixed window per project,
// so however requests are spread over them, at most 1000 a minute are admitted in total (exactly
// 1000 of a burst within one window), and every refusal is a 429 envelope with Retry-After.
// 2 APIs share Redis; 1,600 project-scoped requests go out in 4 concurrent waves of 400, alternating
// between the processes, within a few seconds.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../e2e/support.ts';
import { reportFigures } from '../fixtures/figures.ts';
import { type Cluster, startCluster } from './cluster.ts';

const SCENARIO = 'Rate limit across 2 API processes sharing Redis';
const LIMIT = 1000;
const REQUESTS = 1600;
const WAVE = 400;

interface Answer {
  api: number;
  status: number;
  headers: Record<string, string>;
  body: string;
}

describe('the per-project rate limit on a scaled-out cluster', () => {
  let cluster: Cluster | undefined;
  afterAll(async () => cluster?.close());

  it('admits at most 1000 requests a minute per project in total over 2 API processes', async () => {
    cluster = await startCluster({
      apis: 2,
      workers: 0,
      env: { REDIS_URL: 'redis://127.0.0.1:6379', RATE_LIMIT_PER_MINUTE: String(LIMIT) },
    });
    const urls = cluster.urls();
    // A new project: Redis is shared with other runs, and its windows are keyed by project id.
    const p = await cluster.project();

    const started = Date.now();
    const answers: Answer[] = [];
    for (let sent = 0; sent < REQUESTS; sent += WAVE) {
      const wave = Array.from({ length: Math.min(WAVE, REQUESTS - sent) }, async (_, i): Promise<Answer> => {
        const api = (sent + i) % urls.length;
        const res = await fetch(`${urls[api]}/contacts?limit=1`, { headers: { authorization: p.auth } });
        return { api, status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
      });
      answers.push(...(await Promise.all(wave)));
    }
    const elapsedMs = Date.now() - started;

    const admitted = answers.filter((a) => a.status >= 200 && a.status < 300);
    const refused = answers.filter((a) => a.status === 429);
    const other = answers.filter((a) => !admitted.includes(a) && !refused.includes(a));
    const split = urls.map((_, api) => {
      const mine = answers.filter((a) => a.api === api);
      return `${mine.filter((a) => a.status < 300).length} admitted / ${mine.filter((a) => a.status === 429).length} refused`;
    });
    // Each admitted request took one count of the window: remaining 999 … 0, each once, unless the
    // window rolled over (it lasts 60 s from its first hit; the burst takes a few seconds).
    const remaining = admitted.map((a) => Number(a.headers['ratelimit-remaining']));
    const rolledOver = new Set(remaining).size !== remaining.length || elapsedMs >= 60_000;
    reportFigures(SCENARIO, [
      { figure: `requests (${REQUESTS / WAVE} concurrent waves of ${WAVE})`, value: REQUESTS },
      { figure: 'burst wall time (ms)', value: elapsedMs },
      { figure: 'admitted (2xx)', value: admitted.length, goal: `≤ ${LIMIT}` },
      { figure: 'refused 429', value: refused.length },
      { figure: 'limit', value: LIMIT },
      { figure: 'per-process split (API 0; API 1)', value: split.join('; ') },
      { figure: 'other answers', value: other.length, goal: '0' },
    ]);

    expect(other.map((a) => `${a.status} ${a.body.slice(0, 200)}`).slice(0, 5)).toEqual([]);
    expect(admitted.length).toBeLessThanOrEqual(LIMIT);
    expect(rolledOver, 'the window rolled over during the burst').toBe(false);
    expect(admitted.length).toBe(LIMIT);
    expect(refused.length).toBe(REQUESTS - LIMIT);
    expect([...remaining].sort((a, b) => a - b)).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
    // Both processes admitted and refused: the budget was shared, not granted per process.
    for (const api of urls.keys()) {
      expect(admitted.some((a) => a.api === api)).toBe(true);
      expect(refused.some((a) => a.api === api)).toBe(true);
    }
    for (const a of answers) expect(a.headers['ratelimit-limit']).toBe(String(LIMIT));
    for (const a of refused) {
      const retryAfter = Number(a.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(a.headers['ratelimit-remaining']).toBe('0');
      const error = expectEnvelope(asInjected(a));
      expect(error.code).toBe('RATE_LIMIT_EXCEEDED');
    }
  });
});

/** A fetched answer in the shape expectEnvelope reads (light-my-request's response). */
function asInjected(a: Answer): LightMyRequestResponse {
  return {
    statusCode: a.status,
    headers: a.headers,
    body: a.body,
    json: () => JSON.parse(a.body),
  } as unknown as LightMyRequestResponse;
}
