// Invariant: a request body reaches columns only through explicit field lists. Fields a route does
// not document are ignored (decisions.md: existing clients send extras), never written, and never
// become column names.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { probeRoutes } from './support.ts';

describe.each(DIALECTS)('mass assignment on %s', (dialect) => {
  const t = useTestEnv({ dialect, app: { plugins: [probeRoutes] } });

  it('ignores key, state and timestamp columns and unknown names in a project PATCH', async () => {
    const p = await t.make.project();
    const before = (await t.app.inject({ url: '/users/@me/projects', headers: { cookie: p.owner.cookie } })).json()[0];
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/users/@me/projects/${p.id}`,
      headers: { cookie: p.owner.cookie },
      payload: {
        name: 'Renamed',
        secretKeyHash: 'attacker-chosen-hash',
        secretKeyHint: 'XXXX',
        publicKey: 'pk_attackerchosenpublickey0000',
        disabled: true,
        createdAt: '1999-01-01T00:00:00.000Z',
        id: 'another-id',
        'no such column': 1,
        'name; drop table projects': 'x',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...before, name: 'Renamed', updatedAt: expect.any(String) });
    // The secret key still works, so its hash was not replaced, and the project is not disabled.
    const probe = await t.app.inject({ url: '/probe', headers: { authorization: p.auth } });
    expect(probe.json()).toEqual({ projectId: p.id, via: 'secret' });
    const row = await t.deps.db.selectFrom('projects').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ secretKeyHint: before.secretKeyHint, publicKey: before.publicKey });
    expect(row.createdAt).toBe(before.createdAt);
  });

  it('keeps keys and state when a PATCH names only real columns it does not document', async () => {
    const p = await t.make.project();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/users/@me/projects/${p.id}`,
      headers: { cookie: p.owner.cookie },
      payload: {
        secretKeyHash: 'x',
        publicKey: 'pk_attackerchosenpublickey0000',
        disabled: true,
        tracking: 'DISABLED',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ disabled: false, tracking: 'DISABLED', publicKey: p.publicKey });
    expect((await t.app.inject({ url: '/probe', headers: { authorization: p.auth } })).statusCode).toBe(200);
  });
});
