// Invariant: both dialects look the same to repos: migrations can run again (and, on PostgreSQL, from
// two processes at once), booleans and Dates bind on SQLite, timestamps read back as ISO strings with
// milliseconds, and foreign keys cascade (SQLite enforces them only with the pragma on).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase, testConfig } from '../../test/env.ts';
import { insertUser } from '../auth/users.repo.ts';
import { createLogger, migrate } from '../deps.ts';
import { newId } from '../lib/ids.ts';
import { deleteProject, insertProject, updateProjectDisabled } from '../projects/projects.repo.ts';
import { toBool } from './codecs.ts';
import { type DatabaseHandle, openDatabase } from './index.ts';
import { migrateToLatest } from './migrate.ts';

const log = createLogger('silent');

describe.each(DIALECTS)('the database layer on %s', (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(testConfig(database.env));
    handle.pgPool?.on('error', () => {});
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('applies the migrations once and finds nothing to do the second time', async () => {
    expect(await migrate({ ...handle, log })).toContain('0001_foundation');
    expect(await migrate({ ...handle, log })).toEqual([]);
    expect(await migrateToLatest(handle.db, handle.dialect)).toEqual([]);
  });

  async function makeProject(createdAt: Date) {
    const userId = newId();
    const projectId = newId();
    await insertUser(handle.db, { id: userId, email: `${userId}@example.test`, passwordHash: 'h', createdAt });
    await insertProject(
      handle.db,
      { id: projectId, name: 'P', secretKeyHash: newId(), secretKeyHint: 'abcd', publicKey: newId(), createdAt },
      userId,
    );
    return { userId, projectId };
  }

  it('reads timestamps back as ISO strings with milliseconds', async () => {
    for (const iso of ['2026-01-02T03:04:05.678Z', '2026-01-02T03:04:05.000Z']) {
      const { userId } = await makeProject(new Date(iso));
      const user = await handle.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      expect(user.createdAt).toBe(iso);
      expect(user.updatedAt).toBe(iso);
    }
  });

  it('binds booleans and Dates, in values, where clauses and raw SQL', async () => {
    const at = new Date('2026-02-03T04:05:06.789Z');
    const { userId, projectId } = await makeProject(at);
    await updateProjectDisabled(handle.db, projectId, true);
    const p = await handle.db
      .selectFrom('projects')
      .select(['disabled', 'createdAt'])
      .where('id', '=', projectId)
      .where('disabled', 'in', [true])
      .executeTakeFirstOrThrow();
    expect(toBool(p.disabled)).toBe(true);
    expect(p.createdAt).toBe(at.toISOString());
    const u = await handle.db
      .selectFrom('users')
      .select('emailVerified')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(toBool(u.emailVerified)).toBe(false);
    const { rows } = await sql<{
      id: string;
    }>`select id from users where created_at = ${at} and id = ${userId}`.execute(handle.db);
    expect(rows).toEqual([{ id: userId }]);
  });

  it('removes the memberships of a deleted project', async () => {
    const { projectId } = await makeProject(new Date());
    const memberships = () =>
      handle.db.selectFrom('memberships').select('userId').where('projectId', '=', projectId).execute();
    expect(await memberships()).toHaveLength(1);
    expect(await deleteProject(handle.db, projectId)).toBe(true);
    expect(await memberships()).toEqual([]);
  });

  it('removes the memberships of a deleted user', async () => {
    const { userId, projectId } = await makeProject(new Date());
    await handle.db.deleteFrom('users').where('id', '=', userId).execute();
    expect(
      await handle.db.selectFrom('memberships').select('userId').where('projectId', '=', projectId).execute(),
    ).toEqual([]);
  });

  it.runIf(dialect === 'sqlite')('opens SQLite in WAL mode with foreign keys enforced', async () => {
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0]!)[0];
    await expect(pragma('journal_mode')).resolves.toBe('wal');
    await expect(pragma('foreign_keys')).resolves.toBe(1);
    await expect(pragma('busy_timeout')).resolves.toBe(5000);
    await expect(
      handle.db
        .insertInto('memberships')
        .values({ projectId: 'nope', userId: 'nope', role: 'OWNER', createdAt: new Date() })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});

describe.skipIf(!DIALECTS.includes('postgres'))('migrating PostgreSQL from two processes at once', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('succeeds for both and applies each migration once', async () => {
    const handles = [0, 1].map(() => openDatabase(testConfig(database.env)));
    try {
      for (const h of handles) h.pgPool?.on('error', () => {});
      const applied = await Promise.all(handles.map((h) => migrate({ ...h, log })));
      // Each migration is applied by exactly one of them; afterwards nothing is left to do.
      const all = applied.flat();
      expect(all).toContain('0001_foundation');
      expect(new Set(all).size).toBe(all.length);
      expect(await migrate({ ...handles[0]!, log })).toEqual([]);
      const { rows } = await sql<{ n: number }>`select count(*) as n from graphile_worker.migrations`.execute(
        handles[0]!.db,
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
