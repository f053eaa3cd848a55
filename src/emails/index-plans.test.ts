// Invariant: the email indexes made partial by migration 0027 still serve the queries they were built
// for. Each query is captured as the code runs it, then explained: on SQLite, the plan names the index;
// on PostgreSQL (empty tables, where a scan would win) with sequential scans priced out.
import { type CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase, testConfig } from '../../test/env.ts';
import { findEmailBy } from '../bounces/feedback.repo.ts';
import { aggregateCampaignEmails, countCampaignsEmails } from '../campaigns/campaigns.repo.ts';
import { type DatabaseHandle, type Executor, openDatabase } from '../db/index.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { countWindow } from '../projects/safety/safety.repo.ts';

/** Runs `fn` on a connection that records, compiled, every query it runs. */
async function capture(handle: DatabaseHandle, fn: (db: Executor) => Promise<unknown>): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      seen.push(handle.db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await fn(handle.db.withPlugin(recorder));
  return seen;
}

describe.each(DIALECTS)('partial email indexes on %s', (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(testConfig(database.env));
    await migrateToLatest(handle.db, handle.dialect);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  async function plan(q: CompiledQuery): Promise<string> {
    const explain = (prefix: string) => ({ ...q, sql: `${prefix} ${q.sql}` }) as CompiledQuery<Record<string, string>>;
    // Every column of every plan row: SQLite's `detail`, PostgreSQL's `QUERY PLAN`.
    const text = (rows: Record<string, string>[]) => rows.flatMap((row) => Object.values(row)).join('\n');
    if (dialect === 'sqlite') return text((await handle.db.executeQuery(explain('explain query plan'))).rows);
    return handle.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return text((await trx.executeQuery(explain('explain'))).rows);
    });
  }

  // A campaign's rows are found through either of its indexes, as each planner prefers.
  const campaign = /emails_project_campaign_idx|emails_campaign_contact_uq/;
  const cases: [string, (db: Executor) => Promise<unknown>, (string | RegExp)[]][] = [
    [
      'the safety window',
      (db) => countWindow(db, 'p', new Date()),
      ['emails_project_sent_idx', 'emails_project_sent_idx'],
    ],
    ["a provider's report", (db) => findEmailBy(db, { transportMessageId: 'x' }), ['emails_transport_id_idx']],
    ["a campaign's counts", (db) => countCampaignsEmails(db, 'p', ['c1', 'c2']), [campaign]],
    ["a campaign's totals", (db) => aggregateCampaignEmails(db, handle.dialect, 'p', 'c'), [campaign]],
  ];

  it.each(cases)('%s reads its index', async (_name, run, indexes) => {
    const queries = await capture(handle, run);
    expect(queries).toHaveLength(indexes.length);
    for (const [i, q] of queries.entries()) expect(await plan(q)).toMatch(indexes[i]!);
  });
});
