// Invariant: caching API-key lookups never lets a rotated, deleted or disabled key through: the
// process that changes it forgets at once, and on PostgreSQL every other process forgets on commit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../src/composition.ts';
import type { Deps } from '../../src/deps.ts';
import { AppError } from '../../src/errors.ts';
import { authenticateApiKey, regenerateKeys, setProjectDisabled } from '../../src/projects/projects.service.ts';
import { createTestDatabase, DIALECTS, type TestDatabase, testConfig } from '../env.ts';
import { makeFactories } from '../factories.ts';

describe.each(DIALECTS)('cached key lookups on %s', (dialect) => {
  let database: TestDatabase;
  let a: Deps & { close(): Promise<void> };
  let b: Deps & { close(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const config = testConfig(database.env);
    a = await createDeps(config);
    // A second "process" on the same database (on SQLite only the same process shares a feed).
    b = dialect === 'postgres' ? await createDeps(testConfig(database.env)) : a;
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
    await database.drop();
  });

  /** What authenticating `key` answers: `ok <projectId>`, or the refusal's `<status> <code>`. */
  const outcome = (deps: Deps, key: string) =>
    authenticateApiKey(deps, key, false).then(
      (r) => `ok ${r.projectId}`,
      (err) => (err instanceof AppError ? `${err.statusCode} ${err.code}` : `unexpected ${String(err)}`),
    );
  /**
   * The outcome once it equals `want`, or the last one seen. Another process learns of a change through
   * LISTEN/NOTIFY, so it may answer from its cache for a moment; this polls for at most a second.
   */
  const eventually = async (read: () => Promise<string>, want: string) => {
    let last = await read();
    for (let i = 0; i < 50 && last !== want; i++) {
      await new Promise((r) => setTimeout(r, 20));
      last = await read();
    }
    return last;
  };

  it('refuses a rotated secret key in every process right after the rotation', async () => {
    const make = makeFactories({ deps: a });
    const p = await make.project();
    expect(await outcome(a, p.secretKey)).toBe(`ok ${p.id}`);
    expect(await outcome(b, p.secretKey)).toBe(`ok ${p.id}`);
    const rotated = await regenerateKeys(b, p.owner.id, p.id);
    // The process that rotated forgets at once; the other within the notice's delivery.
    expect(await outcome(b, p.secretKey)).toBe('401 INVALID_API_KEY');
    expect(await eventually(() => outcome(a, p.secretKey), '401 INVALID_API_KEY')).toBe('401 INVALID_API_KEY');
    expect(await outcome(a, rotated.secretKey)).toBe(`ok ${p.id}`);
    expect(await outcome(b, rotated.secretKey)).toBe(`ok ${p.id}`);
  });

  it('refuses a cached key once its project is disabled, and accepts it again once re-enabled', async () => {
    const make = makeFactories({ deps: a });
    const p = await make.project();
    expect(await outcome(a, p.secretKey)).toBe(`ok ${p.id}`);
    await setProjectDisabled(b, p.id, true);
    expect(await outcome(b, p.secretKey)).toBe('403 PROJECT_DISABLED');
    expect(await eventually(() => outcome(a, p.secretKey), '403 PROJECT_DISABLED')).toBe('403 PROJECT_DISABLED');
    await setProjectDisabled(b, p.id, false);
    expect(await eventually(() => outcome(a, p.secretKey), `ok ${p.id}`)).toBe(`ok ${p.id}`);
  });
});
