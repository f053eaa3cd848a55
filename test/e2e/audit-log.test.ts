// Invariant: every change to how a project is set up appends one entry to the project's audit log,
// naming who (member or key), from where, what and which resource, with the fields that changed as
// [before, after] and never a secret; a refused change appends nothing; the log is newest first,
// filterable and exportable by owners, admins and the key only; the database refuses to change or
// delete an entry except through the retention prune; a route that changes something but is not in
// the audit list stops the service from starting.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { entryRow, pruneAuditLog, sealEntry, unsealedEntry } from '../../src/audit/audit.service.ts';
import { firstWriteScope, runInFirstWriteScope } from '../../src/db/first-write.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { newId } from '../../src/lib/ids.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject, TestUser } from '../factories.ts';
import { expectError } from './support.ts';
import { memberOf } from './team-helpers.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface Entry {
  id: string;
  at: string;
  actor: { type: string; id: string | null; email?: string };
  ip: string | null;
  userAgent: string | null;
  action: string;
  resource: { type: string; id: string | null };
  changes?: Record<string, [unknown, unknown]>;
}

describe.each(DIALECTS)('audit log on %s', (dialect) => {
  const clock = manualClock(new Date('2031-03-01T10:00:00Z'));
  const t = useTestEnv({ dialect, clock, env: { REQUIRE_VERIFIED_DOMAIN: 'false', AUDIT_RETENTION_DAYS: '30' } });
  const asKey = (p: TestProject, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });
  const asMember = (u: TestUser, p: TestProject, method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: u.cookie, 'x-project-id': p.id, 'user-agent': 'AuditTest/1.0' },
      ...(payload ? { payload } : {}),
    });
  const log = async (p: TestProject, query = ''): Promise<Entry[]> => {
    const res = await asKey(p, 'GET', `/audit-log?limit=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const rawLog = async () => JSON.stringify((await sql`SELECT * FROM audit_log`.execute(t.deps.db)).rows);

  it('records a template created, changed and deleted by a member, with the changed fields', async () => {
    const p = await t.make.project();
    const made = await asMember(p.owner, p, 'POST', '/templates', {
      name: 'Welcome',
      subject: 'Hi',
      body: '<p>Hello</p>',
      type: 'TRANSACTIONAL',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    const patched = await asMember(p.owner, p, 'PATCH', `/templates/${id}`, { name: 'Welcome aboard' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await asMember(p.owner, p, 'DELETE', `/templates/${id}`)).statusCode).toBe(204);

    const entries = await log(p, '&resourceType=template');
    expect(entries.map((e) => e.action)).toEqual(['template.deleted', 'template.updated', 'template.created']);
    const [deleted, updated, created] = entries;
    expect(updated).toMatchObject({
      actor: { type: 'USER', id: p.owner.id, email: p.owner.email },
      ip: '127.0.0.1',
      userAgent: 'AuditTest/1.0',
      resource: { type: 'template', id },
    });
    expect(updated!.changes).toMatchObject({ name: ['Welcome', 'Welcome aboard'] });
    expect(Object.keys(updated!.changes!)).not.toContain('subject');
    expect(created!.changes).toMatchObject({ name: [null, 'Welcome'], subject: [null, 'Hi'] });
    expect(deleted!.changes).toMatchObject({ name: ['Welcome aboard', null] });
    expect(new Date(updated!.at).toISOString()).toBe(clock.now().toISOString());
  });

  it('names the secret key by its last characters when the key made the change', async () => {
    const p = await t.make.project();
    const res = await asKey(p, 'POST', '/topics', { name: 'News' });
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = await log(p, '&action=topic.created');
    expect(entry!.actor).toEqual({ type: 'KEY', id: `sk_…${p.secretKey.slice(-4)}` });
    expect(entry!.resource).toEqual({ type: 'topic', id: res.json().id });
    expect(JSON.stringify(entry)).not.toContain(p.secretKey);
  });

  it('appends nothing for a refused change', async () => {
    const p = await t.make.project();
    const bad = await asKey(p, 'POST', '/templates', { name: '' });
    expect(bad.statusCode).toBe(422);
    const gone = await asKey(p, 'DELETE', '/templates/0190a000-0000-7000-8000-000000000000');
    expect(gone.statusCode).toBe(404);
    expect(await log(p)).toEqual([]);
  });

  it('never keeps a secret: webhook secrets, transport passwords and API keys', async () => {
    const p = await t.make.project();
    const endpoint = await asKey(p, 'POST', '/webhook-endpoints', {
      url: 'https://hooks.example.test/in',
      events: ['email.sent'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const secret: string = endpoint.json().secret;
    const rotated = await asKey(p, 'POST', `/webhook-endpoints/${endpoint.json().id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const transport = await asKey(p, 'POST', '/transports', {
      name: 'Relay',
      kind: 'SMTP',
      smtp: { host: 'smtp.example.test', port: 587, username: 'u', password: 'hunter2-transport-password' },
    });
    const keys = await t.app.inject({
      method: 'POST',
      url: `/users/@me/projects/${p.id}/regenerate-keys`,
      headers: { cookie: p.owner.cookie },
    });
    expect(keys.statusCode, keys.body).toBe(200);
    const actions = (await log({ ...p, auth: `Bearer ${keys.json().secretKey}` })).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['webhook_endpoint.created', 'webhook_endpoint.secret_rotated', 'key.rotated']),
    );
    if (transport.statusCode === 201) expect(actions).toContain('transport.created');
    const raw = await rawLog();
    for (const s of [secret, rotated.json().secret, 'hunter2-transport-password', p.secretKey, keys.json().secretKey]) {
      expect(raw).not.toContain(s);
    }
    const [rotation] = await log(
      { ...p, auth: `Bearer ${keys.json().secretKey}` },
      '&action=webhook_endpoint.secret_rotated',
    );
    // The endpoint's view never shows its secret, so the rotation is the entry's action, not a change.
    expect(rotation!.resource).toEqual({ type: 'webhook_endpoint', id: endpoint.json().id });
  });

  it('lists newest first with filters and cursor pages, for owners, admins and the key only', async () => {
    const p = await t.make.project();
    const admin = await memberOf(t, p, 'ADMIN');
    const member = await memberOf(t, p, 'MEMBER');
    for (const name of ['A', 'B', 'C']) {
      expect((await asMember(admin, p, 'POST', '/topics', { name })).statusCode).toBe(201);
    }
    clock.advance(60 * 60_000);
    const seg = await asMember(member, p, 'POST', '/segments', { name: 'Everyone', type: 'STATIC' });
    expect(seg.statusCode, seg.body).toBe(201);

    expect((await log(p)).map((e) => e.action)).toEqual([
      'segment.created',
      'topic.created',
      'topic.created',
      'topic.created',
    ]);
    expect((await log(p, `&actor=${admin.id}`)).length).toBe(3);
    expect((await log(p, `&actor=${encodeURIComponent(member.email)}`)).map((e) => e.action)).toEqual([
      'segment.created',
    ]);
    expect((await log(p, '&action=topic.*')).length).toBe(3);
    expect((await log(p, `&resourceType=segment&resourceId=${seg.json().id}`)).length).toBe(1);
    const hourAgo = new Date(clock.now().getTime() - 30 * 60_000).toISOString();
    expect((await log(p, `&since=${encodeURIComponent(hourAgo)}`)).map((e) => e.action)).toEqual(['segment.created']);
    expect((await log(p, `&until=${encodeURIComponent(hourAgo)}`)).length).toBe(3);

    const first = (await asKey(p, 'GET', '/audit-log?limit=2')).json();
    expect(first).toMatchObject({ hasMore: true, total: 4 });
    const second = (await asKey(p, 'GET', `/audit-log?limit=2&cursor=${first.cursor}`)).json();
    expect(second).toMatchObject({ hasMore: false, total: 0, cursor: '' });
    expect([...first.data, ...second.data].map((e: Entry) => e.id)).toEqual((await log(p)).map((e) => e.id));

    expect((await asMember(admin, p, 'GET', '/audit-log')).statusCode).toBe(200);
    expectError(await asMember(member, p, 'GET', '/audit-log'), 403, 'FORBIDDEN');
    expectError(await asMember(member, p, 'GET', '/audit-log/export'), 403, 'FORBIDDEN');
    const facets = (await asMember(admin, p, 'GET', '/audit-log/facets')).json();
    expect(facets.actions).toEqual(['segment.created', 'topic.created']);
    expect(facets.resourceTypes).toEqual(['segment', 'topic']);

    // Another project's log is its own.
    const other = await t.make.project();
    expect(await log(other)).toEqual([]);
    expectError(await asKey(p, 'GET', '/audit-log?action=Bad Action'), 422, 'VALIDATION_ERROR');
    expectError(
      await asKey(
        p,
        'GET',
        `/audit-log?since=${encodeURIComponent(clock.now().toISOString())}&until=2020-01-01T00:00:00Z`,
      ),
      422,
      'VALIDATION_ERROR',
    );
  });

  it('exports the filtered log as CSV and records the export', async () => {
    const p = await t.make.project();
    expect((await asKey(p, 'POST', '/topics', { name: '=HYPERLINK("x")' })).statusCode).toBe(201);
    expect((await asKey(p, 'POST', '/segments', { name: 'S', type: 'STATIC' })).statusCode).toBe(201);
    const res = await asKey(p, 'GET', '/audit-log/export?action=topic.created');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actorType,actorId,actorEmail,ip,userAgent,action,resourceType,resourceId,changes');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',topic.created,topic,');
    // The name is inside the changes' JSON, quoted; no cell starts with a formula sign.
    expect(lines[1]).toContain('HYPERLINK');
    expect(lines[1]).not.toMatch(/(^|,)[=+@-]/);
    expect((await log(p, '&action=audit_log.exported')).length).toBe(1);
  });

  it('records sign-ins and refused sign-ins in every project of the member', async () => {
    const p1 = await t.make.project();
    const p2 = await t.make.project(p1.owner);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: p1.owner.email, password: p1.owner.password },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: p1.owner.email, password: 'wrong password here' },
    });
    expect(bad.statusCode).toBe(401);
    for (const p of [p1, p2]) {
      const entries = await log(p, '&action=auth.*');
      expect(entries.map((e) => e.action)).toEqual(['auth.sign_in_failed', 'auth.signed_in']);
      expect(entries[0]).toMatchObject({
        actor: { type: 'USER', id: p1.owner.id },
        resource: { type: 'user', id: p1.owner.id },
      });
    }
    expect(await rawLog()).not.toContain('wrong password here');
  });

  it('refuses to change or delete an entry; only the retention prune removes old ones', async () => {
    const p = await t.make.project();
    expect((await asKey(p, 'POST', '/topics', { name: 'Old' })).statusCode).toBe(201);
    clock.advance(31 * 86_400_000);
    expect((await asKey(p, 'POST', '/topics', { name: 'New' })).statusCode).toBe(201);
    await expect(sql`UPDATE audit_log SET action = 'x'`.execute(t.deps.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.deps.db)).rejects.toThrow(/append-only/);
    if (dialect === 'postgres') {
      await expect(sql`TRUNCATE audit_log`.execute(t.deps.db)).rejects.toThrow(/append-only/);
    }
    expect((await log(p)).length).toBe(2);
    expect(await pruneAuditLog(t.deps)).toBeGreaterThanOrEqual(1);
    const left = await log(p);
    expect(left.map((e) => e.changes?.name?.[1])).toEqual(['New']);
    // The door closes again after the prune.
    await expect(sql`DELETE FROM audit_log`.execute(t.deps.db)).rejects.toThrow(/append-only/);
  });

  it("writes the entry in the change's own transaction: a rolled-back change leaves none", async () => {
    const p = await t.make.project();
    const actor = { type: 'SYSTEM' as const, id: null };
    const origin = { ip: null, userAgent: null };
    const entry = (action: string) =>
      entryRow(t.deps, p.id, actor, origin, { action, resource: { type: 'topic', id: null } });
    const topicRow = (name: string) => ({
      id: newId(),
      projectId: p.id,
      name,
      description: null,
      defaultSubscribed: false,
      public: true,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    const ids = async () =>
      await t.deps.db.selectFrom('auditLog').select(['id', 'sealed']).where('projectId', '=', p.id).execute();

    // A transaction that wrote and then failed takes its entry with it; the next write carries it.
    const row = entry('topic.created');
    const scope = firstWriteScope((run) => run(unsealedEntry(t.deps, row)).then(() => undefined));
    await runInFirstWriteScope(scope, async () => {
      await expect(
        t.deps.db.transaction().execute(async (trx) => {
          await trx.insertInto('topics').values(topicRow('rolled back')).execute();
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
    });
    expect(scope.state).toBe('waiting');
    expect(await ids()).toEqual([]);
    // A write that changes no row (an update that lost a race with a delete) does not carry it either.
    await runInFirstWriteScope(scope, () =>
      t.deps.db.updateTable('topics').set({ name: 'gone' }).where('id', '=', newId()).execute(),
    );
    expect(scope.state).toBe('waiting');
    expect(await ids()).toEqual([]);
    // A write on its own gets a transaction of its own, shared with the entry.
    await runInFirstWriteScope(scope, () => t.deps.db.insertInto('topics').values(topicRow('kept')).execute());
    expect(scope.state).toBe('committed');
    expect((await ids()).map((r) => r.id)).toEqual([row.id]);
    // Reads and later writes of the scope leave the entry alone: one entry per scope.
    await runInFirstWriteScope(scope, () => t.deps.db.insertInto('topics').values(topicRow('later')).execute());
    expect((await ids()).length).toBe(1);

    // The one update an entry takes: sealed once with its changes; then never again.
    await sealEntry(t.deps, row.id, { name: [null, 'kept'] }, 'topic-id');
    const [sealed] = await log(p);
    expect(sealed).toMatchObject({
      id: row.id,
      resource: { type: 'topic', id: 'topic-id' },
      changes: { name: [null, 'kept'] },
    });
    await expect(
      sql`UPDATE audit_log SET changes = NULL, sealed = ${dialect === 'postgres' ? sql`false` : sql`0`}`.execute(
        t.deps.db,
      ),
    ).rejects.toThrow(/append-only/);
    const other = entry('topic.updated');
    await t.deps.db.executeQuery(unsealedEntry(t.deps, other));
    // Sealing may not rewrite who did what.
    await expect(
      sql`UPDATE audit_log SET action = 'topic.deleted', sealed = ${dialect === 'postgres' ? sql`true` : sql`1`} WHERE id = ${other.id}`.execute(
        t.deps.db,
      ),
    ).rejects.toThrow(/append-only/);
  });

  it('refuses to start with a route that changes something and is not in the audit list', async () => {
    await expect(
      buildApp(t.deps, {
        plugins: [
          async (app) => {
            app.post('/probe-unaudited', async () => ({ ok: true }));
          },
        ],
      }),
    ).rejects.toThrow(/POST \/probe-unaudited changes something but is not in src\/audit\/audited-routes\.ts/);
  });
});
