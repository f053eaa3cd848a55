// Invariant: a request reaches a project only through that project's current secret key, its public
// key where public keys are allowed, or a member's session naming it in X-Project-Id; a disabled
// project answers 403, a rotated key stops working at once, and a non-member cannot tell the project exists.

import { describe, expect, it } from 'vitest';
import { setProjectDisabled } from '../../src/projects/projects.service.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError, probeRoutes } from './support.ts';

describe.each(DIALECTS)('API keys and sessions on %s', (dialect) => {
  const t = useTestEnv({ dialect, app: { plugins: [probeRoutes] } });

  const probe = (authorization: string) => t.app.inject({ url: '/probe', headers: { authorization } });
  const track = (authorization: string) =>
    t.app.inject({ method: 'POST', url: '/probe-track', headers: { authorization } });

  it('resolves a secret key to its own project', async () => {
    const a = await t.make.project();
    const b = await t.make.project();
    const resA = await probe(`Bearer ${a.secretKey}`);
    const resB = await probe(`Bearer ${b.secretKey}`);
    expect(resA.statusCode).toBe(200);
    expect(resA.json()).toEqual({ projectId: a.id, via: 'secret' });
    expect(resB.json()).toEqual({ projectId: b.id, via: 'secret' });
  });

  it('accepts the Bearer scheme in any letter case', async () => {
    const p = await t.make.project();
    expect((await probe(`bearer ${p.secretKey}`)).json()).toEqual({ projectId: p.id, via: 'secret' });
  });

  it('accepts a secret key where public keys are allowed too', async () => {
    const p = await t.make.project();
    expect((await track(p.auth)).json()).toEqual({ projectId: p.id, via: 'secret' });
  });

  it('accepts a public key only where public keys are allowed', async () => {
    const p = await t.make.project();
    const allowed = await track(`Bearer ${p.publicKey}`);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ projectId: p.id, via: 'public' });
    expectError(await probe(`Bearer ${p.publicKey}`), 403, 'FORBIDDEN');
  });

  it('rejects an unknown secret or public key with 401 INVALID_API_KEY', async () => {
    expectError(await probe(`Bearer sk_${'x'.repeat(32)}`), 401, 'INVALID_API_KEY');
    expectError(await track(`Bearer pk_${'x'.repeat(32)}`), 401, 'INVALID_API_KEY');
    expectError(await probe('Bearer not-a-key'), 401, 'INVALID_API_KEY');
  });

  it('rejects a non-Bearer Authorization header with 401 MISSING_AUTH', async () => {
    const p = await t.make.project();
    const basic = `Basic ${Buffer.from(`user:${p.secretKey}`).toString('base64')}`;
    expectError(await probe(basic), 401, 'MISSING_AUTH');
    expectError(await probe(p.secretKey), 401, 'MISSING_AUTH');
    expectError(await probe('Bearer '), 401, 'MISSING_AUTH');
  });

  it('refuses every credential of a disabled project with 403 PROJECT_DISABLED', async () => {
    const p = await t.make.project();
    await setProjectDisabled(t.deps, p.id, true);
    expectError(await probe(p.auth), 403, 'PROJECT_DISABLED');
    expectError(await track(`Bearer ${p.publicKey}`), 403, 'PROJECT_DISABLED');
    const session = await t.app.inject({
      url: '/probe',
      headers: { cookie: p.owner.cookie, 'x-project-id': p.id },
    });
    expectError(session, 403, 'PROJECT_DISABLED');
    await setProjectDisabled(t.deps, p.id, false);
    expect((await probe(p.auth)).statusCode).toBe(200);
  });

  it('lets a member reach a project with the session cookie and X-Project-Id', async () => {
    const p = await t.make.project();
    const res = await t.app.inject({ url: '/probe', headers: { cookie: p.owner.cookie, 'x-project-id': p.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ projectId: p.id, via: 'session' });
  });

  it("answers a signed-in non-member naming someone else's project with 404", async () => {
    const p = await t.make.project();
    const stranger = await t.make.user();
    const res = await t.app.inject({ url: '/probe', headers: { cookie: stranger.cookie, 'x-project-id': p.id } });
    expectError(res, 404, 'PROJECT_NOT_FOUND');
    const unknown = await t.app.inject({
      url: '/probe',
      headers: { cookie: stranger.cookie, 'x-project-id': 'no-such-project' },
    });
    expectError(unknown, 404, 'PROJECT_NOT_FOUND');
  });

  it('answers a session without X-Project-Id with 401 MISSING_AUTH', async () => {
    const p = await t.make.project();
    expectError(await t.app.inject({ url: '/probe', headers: { cookie: p.owner.cookie } }), 401, 'MISSING_AUTH');
  });

  it('treats a forged session cookie as no session', async () => {
    const p = await t.make.project();
    const forged = `${p.owner.cookie.slice(0, -4)}AAAA`;
    const res = await t.app.inject({ url: '/probe', headers: { cookie: forged, 'x-project-id': p.id } });
    expectError(res, 401, 'MISSING_AUTH');
  });

  it('stops the old keys at once when keys are regenerated and accepts the new ones', async () => {
    const p = await t.make.project();
    const res = await t.app.inject({
      method: 'POST',
      url: `/users/@me/projects/${p.id}/regenerate-keys`,
      headers: { cookie: p.owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json();
    expect(fresh).toMatchObject({ id: p.id, secretKey: expect.stringMatching(/^sk_/) });
    expect(fresh.publicKey).toMatch(/^pk_/);
    expect(fresh.secretKey).not.toBe(p.secretKey);
    expect(fresh.publicKey).not.toBe(p.publicKey);
    expect(fresh.secretKeyHint).toBe(fresh.secretKey.slice(-4));

    expectError(await probe(p.auth), 401, 'INVALID_API_KEY');
    expectError(await track(`Bearer ${p.publicKey}`), 401, 'INVALID_API_KEY');
    expect((await probe(`Bearer ${fresh.secretKey}`)).json()).toEqual({ projectId: p.id, via: 'secret' });
    expect((await track(`Bearer ${fresh.publicKey}`)).json()).toEqual({ projectId: p.id, via: 'public' });
  });

  it('keeps the secret key out of the project list after rotation', async () => {
    const p = await t.make.project();
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/users/@me/projects/${p.id}/regenerate-keys`,
      headers: { cookie: p.owner.cookie },
    });
    const list = await t.app.inject({ url: '/users/@me/projects', headers: { cookie: p.owner.cookie } });
    expect(list.body).not.toContain(rotated.json().secretKey);
    expect(list.body).not.toContain(p.secretKey);
  });
});
