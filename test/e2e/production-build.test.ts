// Invariant: the production image works as built, though CI has no Docker: the Dockerfile's build
// commands and CMD and compose.yaml's commands are the ones this file runs; `npm run build` leaves
// dist/ importing only itself, node builtins and `dependencies` (the image prunes the rest); and
// `node dist/main.js`, without tsx, serves the API and the dashboard and exits 0 on SIGTERM.
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type Dialect, TEST_SECRETS, type TestDatabase } from '../env.ts';
import { answersOk, startNodeWith, terminate } from '../fixtures/dist-process.ts';
import { freePort, type NodeProcess } from '../fixtures/processes.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = path.join(ROOT, 'dist');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** What this file runs, spelled as the Dockerfile and compose.yaml spell it. */
const BUILD = 'npm run build';
const BUILD_STAGE = [
  'npm install -g npm@11.19.1', // the npm CI has: older ones ignore package.json "allowScripts"
  'npm ci', // what .ci/run does before the suite
  BUILD, // run in beforeAll
  'npm prune --omit=dev', // its effect is checked: dist/ imports only `dependencies`
];
const CMD = ['node', 'dist/main.js', 'serve'];
const COMPOSE = {
  migrate: ['node', 'dist/main.js', 'migrate'],
  api: ['node', 'dist/main.js', 'serve', '--role', 'api'],
  worker: ['node', 'dist/main.js', 'worker'],
};
/** The long-running processes of each layout: the image's CMD alone, or compose's API and worker. */
const LAYOUT: Record<Dialect, string[][]> = { sqlite: [CMD], postgres: [COMPOSE.api, COMPOSE.worker] };

beforeAll(async () => {
  const [command, ...args] = BUILD.split(' ');
  await promisify(execFile)(command!, args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }).catch((err) => {
    throw new Error(`${BUILD} failed:\n${err.stdout}\n${err.stderr}`); // tsc reports on stdout
  });
}, 300_000);

/** The RUN commands and CMD of each stage (continuation lines joined). */
function dockerStages(text: string): { from: string; run: string[]; cmd?: string[] }[] {
  const stages: { from: string; run: string[]; cmd?: string[] }[] = [];
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    const [, op, args = ''] = /^([A-Z]+)\s+(.*)$/.exec(line.trim()) ?? [];
    if (op === 'FROM') stages.push({ from: args, run: [] });
    else if (op === 'RUN') stages.at(-1)!.run.push(args.replace(/\s+/g, ' '));
    else if (op === 'CMD') stages.at(-1)!.cmd = JSON.parse(args);
  }
  return stages;
}

/** Each compose service's `command:` (written as a JSON-style flow sequence). */
function composeCommands(text: string): Record<string, string[]> {
  const commands: Record<string, string[]> = {};
  let inServices = false;
  let service = '';
  for (const line of text.split('\n')) {
    if (/^[^\s#]/.test(line)) inServices = line.startsWith('services:');
    service = /^ {2}([\w-]+):\s*$/.exec(line)?.[1] ?? service;
    const command = /^\s+command:\s*(\[.*\])\s*$/.exec(line)?.[1];
    if (inServices && command) commands[service] = JSON.parse(command);
  }
  return commands;
}

// Static imports and re-exports, side-effect imports, import() and require() of a literal.
const SPECIFIER =
  /^\s*(?:import|export)\b[\w\s{},*$]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)|\brequire(?:\.resolve)?\(\s*["']([^"']+)["']\s*\)/gm;

/** Every import of dist/ that would fail once dev dependencies are pruned, or that leaves dist/. */
function unresolvedImports(): string[] {
  const dependencies = Object.keys(JSON.parse(read('package.json')).dependencies);
  const problems: string[] = [];
  const files = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
  for (const file of files) {
    const full = path.join(DIST, file);
    for (const m of readFileSync(full, 'utf8').matchAll(SPECIFIER)) {
      const spec = (m[1] ?? m[2] ?? m[3] ?? m[4])!;
      if (spec.startsWith('.')) {
        const target = path.resolve(path.dirname(full), spec);
        if (!target.startsWith(DIST + path.sep) || !existsSync(target)) problems.push(`${file}: ${spec}`);
      } else if (!isBuiltin(spec)) {
        const name = spec
          .split('/')
          .slice(0, spec.startsWith('@') ? 2 : 1)
          .join('/');
        const installed = existsSync(path.join(ROOT, 'node_modules', name, 'package.json'));
        if (!dependencies.includes(name) || !installed) problems.push(`${file}: ${spec} (not in dependencies)`);
      }
    }
  }
  return problems;
}

describe('the production build', () => {
  it("is the Dockerfile's: same build commands, and the CMD and compose commands this file runs", () => {
    const [build, runtime, ...more] = dockerStages(read('Dockerfile'));
    expect(more).toEqual([]);
    expect(build!.from).toBe('node:20-bookworm AS build');
    expect(build!.run).toEqual(BUILD_STAGE);
    expect(runtime!.from).toBe('node:20-bookworm-slim');
    expect(runtime!.cmd).toEqual(CMD);
    expect(composeCommands(read('compose.yaml'))).toEqual(COMPOSE);
  });

  it('compiles every relative import, dynamic ones too, to a file in dist/ and needs only `dependencies`', () => {
    expect(readFileSync(path.join(DIST, 'main.js'), 'utf8')).toContain('import("./inbound/inbound-smtp.js")');
    expect(unresolvedImports()).toEqual([]);
  });

  it('gives the `mailwright` bin an executable entry with a node shebang', () => {
    expect(JSON.parse(read('package.json')).bin).toEqual({ mailwright: 'dist/main.js' });
    expect(read('dist/main.js').split('\n', 1)[0]).toBe('#!/usr/bin/env node');
    expect(() => accessSync(path.join(DIST, 'main.js'), constants.X_OK)).not.toThrow();
  });
});

/** Signs up, creates a project and sends an email through the HTTP API; resolves once it is captured. */
async function signUpAndSend(url: string): Promise<void> {
  const json = { 'content-type': 'application/json' };
  const post = (p: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${url}${p}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });
  const signup = await post('/auth/signup', {}, { email: 'ops@example.test', password: 'a long password 123' });
  expect(signup.status, await signup.clone().text()).toBe(201);
  const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
  const project = await post('/users/@me/projects', { cookie, 'x-requested-with': 'test' }, { name: 'Prod' });
  expect(project.status, await project.clone().text()).toBe(201);
  const auth = { authorization: `Bearer ${((await project.json()) as { secretKey: string }).secretKey}` };
  const email = { to: 'ann@example.test', from: 'hello@shop.test', subject: 'Hi', body: '<p>Hi</p>' };
  const sent = await post('/v1/send', auth, email);
  expect(sent.ok, await sent.clone().text()).toBe(true);
  // Delivered by the worker role when the API process runs none.
  const captured = async () =>
    ((await (await fetch(`${url}/outbox?to=ann@example.test`, { headers: auth })).json()) as { data: unknown[] }).data
      .length;
  await expect.poll(captured, { timeout: 20_000 }).toBe(1);
}

describe.each(DIALECTS)('the compiled server on %s', (dialect) => {
  let database: TestDatabase | undefined;
  const started: NodeProcess[] = [];
  afterEach(async () => {
    for (const p of started.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await database?.drop();
  });

  it('migrates, serves the API and the dashboard without tsx, and exits 0 on SIGTERM', async () => {
    database = await createTestDatabase(dialect);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // SQLite generates its secrets into DATA_DIR as a first start does; compose passes them in.
    const secrets = dialect === 'postgres' ? TEST_SECRETS : {};
    const env = {
      ...database.env,
      ...secrets,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      LOG_LEVEL: 'warn',
    };
    const start = ([node, ...args]: string[]) => {
      expect(node).toBe('node');
      const p = startNodeWith(args, env);
      started.push(p);
      return p;
    };
    if (dialect === 'postgres') {
      const migrate = start(COMPOSE.migrate);
      expect((await migrate.exited(60_000)).code, migrate.output().stderr).toBe(0);
    }
    const processes = LAYOUT[dialect].map(start);
    await answersOk(processes[0]!, `${url}/ready`);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    await signUpAndSend(url);

    const index = await fetch(url);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await index.text();
    expect(html).toBe(read('web/dist/index.html'));
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    expect((await fetch(`${url}${script}`)).status).toBe(200);

    for (const p of processes) expect(await terminate(p, 5_000), p.output().stderr).toBe(0);
  }, 120_000);
});
