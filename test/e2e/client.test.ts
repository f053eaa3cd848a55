/**
 * The typed client (client/) is generated from the served OpenAPI document and must not drift from
 * it; and it works against the real server: typed calls, query and path parameters, and the error
 * envelope turned into an ApiError with its field errors.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient } from '../../client/index.ts';
import { clientTypes } from '../../scripts/client-types.ts';
import { DIALECTS, useTestEnv } from '../env.ts';

describe('client/schema.d.ts', () => {
  it('matches the OpenAPI document the server serves (run `npm run client:generate` after an API change)', async () => {
    const { openApiDocument } = await import('../../scripts/openapi-document.ts');
    const expected = await clientTypes(await openApiDocument());
    const committed = readFileSync(new URL('../../client/schema.d.ts', import.meta.url), 'utf8');
    expect(committed === expected, 'client/schema.d.ts is stale: run npm run client:generate').toBe(true);
  }, 60_000);
});

describe.each(DIALECTS)('the typed client against the server on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  let baseUrl = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('creates, reads and lists through typed calls', async () => {
    const p = await t.make.project();
    const client = createClient({ baseUrl, apiKey: p.secretKey });
    const created = await client.post('/contacts', { body: { email: 'Ada@Example.com', data: { plan: 'pro' } } });
    expect(created.email).toBe('ada@example.com');
    const one = await client.get('/contacts/{id}', { path: { id: created.id } });
    expect(one.data).toMatchObject({ plan: 'pro' });
    const page = await client.get('/contacts', { query: { search: 'ada', limit: 10 } });
    expect(page.data.map((c) => c.id)).toEqual([created.id]);
  });

  it('throws ApiError with the envelope and the field errors', async () => {
    const p = await t.make.project();
    const client = createClient({ baseUrl, apiKey: p.secretKey });
    const error = await client.post('/contacts', { body: { email: 'not-an-email' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.status).toBe(422);
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(e.errors.map((x) => x.field)).toContain('email');
    expect(e.requestId).toBeTruthy();
    const missing = await client
      .get('/contacts/{id}', { path: { id: '0190b7a0-0000-7000-8000-000000000000' } })
      .catch((x: unknown) => x);
    expect((missing as ApiError).status).toBe(404);
    const anonymous = await createClient({ baseUrl })
      .get('/contacts')
      .catch((x: unknown) => x);
    expect((anonymous as ApiError).code).toBe('MISSING_AUTH');
  });

  it('encodes path parameters so a value cannot change the path', async () => {
    const p = await t.make.project();
    const client = createClient({ baseUrl, apiKey: p.secretKey });
    const e = await client.get('/contacts/{id}', { path: { id: '../templates' } }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).not.toBe(200);
  });
});
