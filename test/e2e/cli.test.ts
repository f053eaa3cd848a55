// Invariant: the CLI is operable as documented: `migrate` creates a ready database and exits 0,
// `serve` answers /health over real HTTP and exits 0 on SIGTERM, and a bad configuration exits 1
// naming every problem at once.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/index.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createTestDatabase, DIALECTS, type TestDatabase, testConfig } from '../env.ts';
import { freePort, type NodeProcess, runNode, startNode } from '../fixtures/processes.ts';

const MAIN = 'src/main.ts';

/** Polls GET url until it answers 200, for at most `ms`. */
async function waitForOk(url: string, proc: NodeProcess, ms = 20_000): Promise<Response> {
  const end = Date.now() + ms;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`server exited early:\n${proc.output().stderr}`);
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > end) throw new Error(`${url} did not answer within ${ms}ms:\n${proc.output().stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('mailwright migrate', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('creates and migrates the SQLite database under DATA_DIR and exits 0', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mailwright-cli-'));
    const dataDir = path.join(dir, 'data');
    const exit = await runNode(MAIN, ['migrate'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(exit, exit.stderr).toMatchObject({ code: 0 });
    expect(existsSync(path.join(dataDir, 'mailwright.db'))).toBe(true);
    expect(statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    const handle = openDatabase(testConfig({ DATA_DIR: dataDir }));
    try {
      expect(await migrateToLatest(handle.db, handle.dialect)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

describe('mailwright with a bad configuration', () => {
  it('exits 1 and prints every problem', async () => {
    const exit = await runNode(MAIN, ['serve'], {
      PORT: 'abc',
      BASE_URL: 'nope',
      DATA_DIR: path.join(tmpdir(), 'mailwright-cli-unused'),
    });
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain('Invalid configuration');
    expect(exit.stderr).toContain('PORT must be an integer from 0 to 65535 (got "abc")');
    expect(exit.stderr).toContain('BASE_URL must be an http(s) URL (got "nope")');
  });

  it('exits 1 with the usage for an unknown command', async () => {
    const exit = await runNode(MAIN, ['frobnicate'], { DATA_DIR: path.join(tmpdir(), 'mailwright-cli-unused') });
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain('usage: mailwright');
  });
});

describe.each(DIALECTS)('mailwright serve on %s', (dialect) => {
  let database: TestDatabase | undefined;
  let proc: NodeProcess | undefined;
  afterEach(async () => {
    if (proc && proc.child.exitCode === null && proc.child.signalCode === null) {
      proc.child.kill('SIGKILL');
      await proc.exited().catch(() => {});
    }
    await database?.drop();
    proc = undefined;
    database = undefined;
  });

  it('answers /health over HTTP and exits 0 soon after SIGTERM', async () => {
    database = await createTestDatabase(dialect);
    const port = await freePort();
    proc = startNode(MAIN, ['serve'], {
      ...database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    const res = await waitForOk(`http://127.0.0.1:${port}/health`, proc);
    expect(await res.json()).toEqual({ status: 'ok' });

    const started = Date.now();
    proc.child.kill('SIGTERM');
    const exit = await proc.exited(10_000);
    expect(exit, exit.stderr).toMatchObject({ code: 0 });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
