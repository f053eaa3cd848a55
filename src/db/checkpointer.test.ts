// Invariant: on SQLite the writer never checkpoints inside its commits; the checkpointer's thread copies
// committed WAL pages into the database file without being asked, and a thread that cannot run hands
// checkpoints back to the writer.
import { statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/env.ts';
import { until } from '../../test/fixtures/processes.ts';
import { type Checkpointer, startCheckpointer } from './checkpointer.ts';
import { type DatabaseHandle, openDatabase } from './index.ts';

describe('SQLite checkpoints', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let file: string;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const config = testConfig(database.env);
    file = config.sqlitePath!;
    handle = openDatabase(config);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('are off in the writer and done by the thread: committed pages reach the database file', async () => {
    const auto = await sql<Record<string, number>>`pragma wal_autocheckpoint`.execute(handle.db);
    expect(Object.values(auto.rows[0]!)).toEqual([0]);
    await sql`create table cp_test (id integer primary key, body text not null)`.execute(handle.db);
    const before = statSync(file).size;
    // About 4 MB of rows, in the WAL once committed.
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 200; i++) await sql`insert into cp_test (body) values (${'x'.repeat(20_000)})`.execute(trx);
    });
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(4_000_000);
    // Nobody else checkpoints: the file grows only if the thread copies the pages.
    const grown = async () => (statSync(file).size > before + 4_000_000 ? true : undefined);
    expect(await until(grown, 'the database file holding the committed pages', 5000)).toBe(true);
  });

  it('hands checkpoints back when the thread cannot open the file', async () => {
    let checkpointer: Checkpointer | undefined;
    const failed = await new Promise<Error>((resolve) => {
      checkpointer = startCheckpointer(path.join(path.dirname(file), 'missing.db'), resolve);
    });
    expect(failed.message).toMatch(/checkpoint thread stopped: .*(SQLITE_CANTOPEN|unable to open)/);
    // Stopping a thread that already died answers (the test times out otherwise).
    await checkpointer!.stop();
  });
});
