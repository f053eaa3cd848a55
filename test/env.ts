/**
 * Test environment: a freshly migrated database of either dialect per test file (SQLite in a temp
 * dir; PostgreSQL in a new database on TEST_DATABASE_URL's server, dropped afterwards), the deps,
 * the app (through app.inject) and factories.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type AppOptions, buildApp } from '../src/app.ts';
import { type ComposeOptions, createDeps } from '../src/composition.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createLogger, type Deps } from '../src/deps.ts';
import type { TaskList } from '../src/jobs/types.ts';
import type { Clock } from '../src/lib/clock.ts';
import { makeFactories } from './factories.ts';

export type Dialect = 'sqlite' | 'postgres';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** The dialects this run covers: SQLite always, PostgreSQL when TEST_DATABASE_URL is set (CI sets it). */
export const DIALECTS: Dialect[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** Creates an empty database of the dialect and the environment variables that point at it. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailwright-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') return { env: { DATA_DIR: dataDir }, drop: async () => removeDir() };
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `mw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
        removeDir();
      }
    },
  };
}

/** The secrets every test configuration uses (child servers get them too, so test keys work there). */
export const TEST_SECRETS = {
  JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789',
  SIGNING_SECRET: 'test-signing-secret-0123456789abcdef012345',
  ENCRYPTION_KEY: 'test-encryption-key-0123456789abcdef01234',
};

/** A test configuration; secrets fixed so nothing is written besides the database. */
export function testConfig(env: Record<string, string>): Config {
  return loadConfig({
    ...TEST_SECRETS,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    BASE_URL: 'http://localhost:3000',
    ...env,
  });
}

export interface TestEnvOptions {
  dialect: Dialect;
  /** Extra environment; a function is called in beforeAll, after servers started by earlier hooks. */
  env?: Record<string, string> | (() => Record<string, string>);
  tasks?: (deps: Deps) => TaskList;
  /** Added after the product's own (see ComposeOptions). */
  eventListeners?: ComposeOptions['eventListeners'];
  fieldUsage?: ComposeOptions['fieldUsage'];
  templateUsage?: ComposeOptions['templateUsage'];
  eventUsage?: ComposeOptions['eventUsage'];
  clock?: Clock;
  app?: AppOptions;
}

export interface TestEnv {
  deps: Deps;
  app: FastifyInstance;
  make: ReturnType<typeof makeFactories>;
  config: Config;
}

/** Boots deps and app in beforeAll and tears everything down (database included) in afterAll. */
export function useTestEnv(options: TestEnvOptions): TestEnv {
  const t = {} as TestEnv;
  let database: TestDatabase | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(options.dialect);
    const extra = typeof options.env === 'function' ? options.env() : options.env;
    t.config = testConfig({ ...database.env, ...extra });
    const deps = await createDeps(t.config, {
      clock: options.clock,
      tasks: options.tasks,
      eventListeners: options.eventListeners,
      fieldUsage: options.fieldUsage,
      templateUsage: options.templateUsage,
      eventUsage: options.eventUsage,
      log: createLogger(t.config.logLevel),
    });
    close = deps.close;
    t.deps = deps;
    t.app = await buildApp(deps, options.app);
    await t.app.ready();
    t.make = makeFactories(t);
  });
  afterAll(async () => {
    await t.app?.close();
    await close?.();
    await database?.drop();
  });
  return t;
}
