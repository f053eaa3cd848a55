// Invariant: `npm start` runs compiled code, as bench/service.ts starts it: its prestart compiles
// src/ with esbuild only when the sources changed, and package.json runs `node` on the result with
// the arguments scripts/prestart.ts names. The compiled server answers /health and finds what it
// locates from `import.meta.url`: the dashboard in web/dist and the CSV reader's worker file.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.ts';
import { startNodeArgs } from '../../scripts/prestart.ts';
import { WORKER_MIN_BYTES } from '../../src/contacts/import/import-reader.ts';
import { answersOk, startNodeWith, terminate } from '../fixtures/dist-process.ts';
import { freePort, type NodeProcess } from '../fixtures/processes.ts';
import { multipartBody } from './contacts-helpers.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// A sibling of src/ as dist-server/ is (the build requires it), removed afterwards.
const out = mkdtempSync(path.join(ROOT, 'dist-server-test-'));
const data = mkdtempSync(path.join(tmpdir(), 'mailwright-start-'));
const started: NodeProcess[] = [];
let first: 'built' | 'fresh';
beforeAll(async () => {
  first = await buildServer(true, out);
}, 60_000);
afterAll(() => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  for (const dir of [out, data]) rmSync(dir, { recursive: true, force: true });
});

/** Signs up, creates a project and imports `rows` wide rows through the HTTP API; answers the import's final state. */
async function importContacts(url: string, rows: number): Promise<Record<string, unknown>> {
  const json = { 'content-type': 'application/json' };
  const signup = await fetch(`${url}/auth/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'ops@example.test', password: 'a long password 123' }),
  });
  expect(signup.status, await signup.clone().text()).toBe(201);
  const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
  const project = await fetch(`${url}/users/@me/projects`, {
    method: 'POST',
    headers: { ...json, cookie, 'x-requested-with': 'test' },
    body: JSON.stringify({ name: 'Start' }),
  });
  expect(project.status, await project.clone().text()).toBe(201);
  const auth = { authorization: `Bearer ${((await project.json()) as { secretKey: string }).secretKey}` };
  const lines = Array.from({ length: rows }, (_, i) => `u${i}@example.test,First${i},${'x'.repeat(160)}`);
  const { payload, headers } = multipartBody(`email,first_name,note\n${lines.join('\n')}\n`);
  expect(payload.length).toBeGreaterThanOrEqual(WORKER_MIN_BYTES);
  const upload = await fetch(`${url}/contacts/import`, {
    method: 'POST',
    headers: { ...auth, ...headers },
    body: payload,
  });
  expect(upload.ok, await upload.clone().text()).toBe(true);
  const { jobId } = (await upload.json()) as { jobId: string };
  const state = async () =>
    (await (await fetch(`${url}/contacts/import/${jobId}`, { headers: auth })).json()) as Record<string, unknown>;
  await expect.poll(async () => (await state()).status, { timeout: 30_000 }).toMatch(/^(completed|failed)$/);
  return state();
}

describe("`npm start`'s build", () => {
  it('is what package.json runs: the prestart, then node on dist-server/ with the same arguments', () => {
    const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
    expect(scripts.prestart).toBe('node --import tsx scripts/prestart.ts');
    const commands = { start: 'serve', worker: 'worker', migrate: 'migrate' };
    for (const [script, command] of Object.entries(commands))
      expect(scripts[script]).toBe(['node', ...startNodeArgs(), command].join(' '));
    for (const pre of ['preworker', 'premigrate'])
      expect(scripts[pre]).toBe('node --import tsx scripts/build-server.ts --if-stale');
  });

  it('compiles once, then finds itself up to date', async () => {
    expect(first).toBe('built');
    const compiledAt = statSync(path.join(out, 'main.js')).mtimeMs;
    expect(await buildServer(true, out)).toBe('fresh');
    expect(statSync(path.join(out, 'main.js')).mtimeMs).toBe(compiledAt);
    // Stack traces map to the sources: the map of main.js names src/main.ts, relative to it.
    expect(JSON.parse(readFileSync(path.join(out, 'main.js.map'), 'utf8')).sources).toEqual(['../src/main.ts']);
  });

  it('serves /health and the dashboard, and imports a file large enough for the reader thread', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: data, PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, LOG_LEVEL: 'warn' };
    const serve = startNodeWith([...startNodeArgs(path.relative(ROOT, out)), 'serve'], env);
    started.push(serve);
    await answersOk(serve, `${url}/health`);
    expect(await (await fetch(url)).text()).toBe(readFileSync(path.join(ROOT, 'web/dist/index.html'), 'utf8'));
    // Over WORKER_MIN_BYTES: SQLite's import reads it on a thread started from the compiled worker file.
    expect(await importContacts(url, 3_000)).toMatchObject({ status: 'completed' });
    expect(await terminate(serve, 10_000), serve.output().stderr).toBe(0);
  }, 90_000);
});
