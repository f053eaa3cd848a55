// Invariant: no route answers one project's data to another. Every route of the OpenAPI document that
// takes a path parameter is called with project B's key and each of project A's ids; none may succeed,
// echo A's data or change it. New routes join the sweep by existing.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { uploadCsv } from './contacts-helpers.ts';

type OpenApi = { paths: Record<string, Record<string, unknown>> };

describe.each(DIALECTS)('tenant isolation sweep on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  it('refuses every parameterised route for another project ids, leaking and changing nothing', async () => {
    const a = await t.make.project();
    const b = await t.make.project();
    const asA = { authorization: a.auth };
    const contact = await t.make.contact(a, { data: { secretPlan: 'a-only-value' } });
    const domain = (
      await t.app.inject({ method: 'POST', url: '/domains', headers: asA, payload: { domain: 'a-only.test' } })
    ).json();
    const bulk = (
      await t.app.inject({
        method: 'POST',
        url: '/contacts/bulk-unsubscribe',
        headers: asA,
        payload: { contactIds: [contact.id] },
      })
    ).json();
    const upload = (await uploadCsv(t.app, a.auth, 'email,plan\nimported@a-only.test,x\n')).json();
    const ids = [contact.id, domain.id, bulk.jobId, upload.jobId, a.id];
    const secrets = [...ids, contact.email, 'a-only-value', 'a-only.test', 'imported@a-only.test'];
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);

    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as OpenApi;
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.includes('{'))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));
    expect(routes.length).toBeGreaterThan(8);

    let calls = 0;
    for (const { method, path } of routes) {
      for (const id of ids) {
        const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { authorization: b.auth },
          ...(['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {}),
        });
        calls++;
        // A field name is not an id: B asking about "its own field named <A's id>" may succeed; it must not leak.
        if (!path.includes('{field}')) expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        for (const s of secrets.filter((x) => x !== id))
          expect(res.body, `${method} ${url} leaks ${s}`).not.toContain(s);
      }
    }
    expect(calls).toBe(routes.length * ids.length);

    // Nothing of A's changed: the contact, the domain and the jobs are all still there for A.
    expect((await t.app.inject({ url: `/contacts/${contact.id}`, headers: asA })).json()).toMatchObject({
      email: contact.email,
      data: { secretPlan: 'a-only-value' },
    });
    const domains = (await t.app.inject({ url: `/domains/project/${a.id}`, headers: asA })).json();
    expect(domains.map((d: { id: string }) => d.id)).toEqual([domain.id]);
    expect((await t.app.inject({ url: `/contacts/bulk/${bulk.jobId}`, headers: asA })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/contacts/import/${upload.jobId}`, headers: asA })).statusCode).toBe(200);
  });
});
