// Invariant: `mailwright mcp` serves a running server's MCP tools on stdio with MAILWRIGHT_URL and
// MAILWRIGHT_KEY: the same tool list (write tools only while the project allows them), calls that
// reach the server (and its audit log) as the key, nothing but protocol messages on stdout; without
// its settings it exits 2 saying which are missing, with a refused key 1.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { runNode } from '../fixtures/processes.ts';
import { answerOf, mcpHelpers, READ_TOOLS, WRITE_TOOLS } from './mcp-helpers.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = 'src/main.ts';

describe.each(DIALECTS)('mailwright mcp on stdio against a server on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  const mcp = mcpHelpers(t);

  it('lists and calls the server tools over stdio, with writes once the project allows them', async () => {
    const p = await t.make.project();
    const ann = await t.make.contact(p, { email: 'ann@stdio.test' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', MAIN, 'mcp'],
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        MAILWRIGHT_URL: mcp.baseUrl(),
        MAILWRIGHT_KEY: p.secretKey,
      },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    // A line on stdout that is not a protocol message would surface here.
    const errors: Error[] = [];
    client.onerror = (err) => errors.push(err);
    try {
      await client.connect(transport);
      expect(client.getServerVersion()?.name).toBe('mailwright');
      expect((await client.listTools()).tools.map((x) => x.name)).toEqual(READ_TOOLS);
      const page = answerOf(await client.callTool({ name: 'list_contacts', arguments: { limit: 5 } }));
      expect(page.contacts.map((c: { id: string }) => c.id)).toEqual([ann.id]);

      await mcp.setWrites(p, true);
      expect((await client.listTools()).tools.map((x) => x.name)).toEqual([...READ_TOOLS, ...WRITE_TOOLS]);
      const made = answerOf(
        await client.callTool({
          name: 'upsert_contact',
          arguments: { email: 'bo@stdio.test', data: { via: 'stdio' } },
        }),
      );
      expect(made).toMatchObject({ created: true, contact: { email: 'bo@stdio.test', data: { via: 'stdio' } } });
      const stored = await t.app.inject({ url: `/contacts/${made.contact.id}`, headers: { authorization: p.auth } });
      expect(stored.json()).toMatchObject({ email: 'bo@stdio.test' });
    } finally {
      await client.close();
    }
    expect(errors).toEqual([]);
    expect(stderr).toContain('serving');
    const entries = await mcp.mcpEntries(p);
    expect(entries.map((e) => e.action)).toEqual(['mcp.upsert_contact', 'mcp.list_contacts']);
    expect(entries.every((e) => e.actor.type === 'KEY')).toBe(true);
  }, 60_000);

  it('exits 1 naming the server when it refuses the key', async () => {
    const exit = await runNode(MAIN, ['mcp'], {
      MAILWRIGHT_URL: mcp.baseUrl(),
      MAILWRIGHT_KEY: 'sk_notakeyofanyprojectatall',
    });
    expect(exit.code, exit.stderr).toBe(1);
    expect(exit.stderr).toContain(`${mcp.baseUrl()}/mcp`);
    expect(exit.stderr).toContain('401');
    expect(exit.stdout).toBe('');
  }, 30_000);
});

describe('mailwright mcp without its settings', () => {
  it('exits 2 naming each missing setting on stderr, and writes nothing to stdout', async () => {
    const exit = await runNode(MAIN, ['mcp'], {});
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('MAILWRIGHT_URL is required');
    expect(exit.stderr).toContain('MAILWRIGHT_KEY is required');
    expect(exit.stdout).toBe('');
    const malformed = await runNode(MAIN, ['mcp'], { MAILWRIGHT_URL: 'not a url', MAILWRIGHT_KEY: 'pk_public' });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('MAILWRIGHT_URL must be an http(s) URL');
    expect(malformed.stderr).toContain("MAILWRIGHT_KEY must be the project's secret key (sk_…)");
    expect(malformed.stderr).not.toContain('pk_public');
  }, 30_000);
});
