/** Shared by the MCP tests: a listening app, SDK clients of its /mcp, tool answers read back, the setting. */
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';

export interface ToolResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
}

/** The JSON a successful tool call answered (fails the test on a tool error). */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers freely.
export function answerOf(r: unknown): any {
  const result = r as ToolResult;
  expect(result.isError, result.content[0]?.text).toBeFalsy();
  const parsed = JSON.parse(result.content[0]!.text!);
  expect(result.structuredContent).toEqual(parsed);
  return parsed;
}

/** The text of a tool error (fails the test on a success). */
export function errorOf(r: unknown): string {
  const result = r as ToolResult;
  expect(result.isError, result.content[0]?.text).toBe(true);
  return result.content[0]!.text!;
}

/** Listens on an ephemeral loopback port for the file's tests; SDK clients connect to it. */
export function mcpHelpers(t: TestEnv) {
  let baseUrl = '';
  const clients: Client[] = [];
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
  });
  return {
    baseUrl: () => baseUrl,
    /** An SDK client of POST /mcp with `key`, initialized. */
    async connect(key: string): Promise<Client> {
      const client = new Client({ name: 'mailwright-test', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      });
      await client.connect(transport);
      clients.push(client);
      return client;
    },
    /** Turns the project's `mcpWrites` on or off as its owner does in the dashboard. */
    async setWrites(p: TestProject, on: boolean): Promise<void> {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/users/@me/projects/${p.id}`,
        headers: { cookie: p.owner.cookie },
        payload: { mcpWrites: on },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().mcpWrites).toBe(on);
    },
    /** The project's MCP entries in its audit log, newest first. */
    async mcpEntries(p: TestProject) {
      const res = await t.app.inject({ url: '/audit-log?action=mcp.*&limit=100', headers: { authorization: p.auth } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Array<{
        id: string;
        action: string;
        actor: { type: string; id: string | null };
        resource: { type: string; id: string | null };
        changes?: Record<string, [unknown, unknown]>;
        ip: string | null;
      }>;
    },
    /** One raw JSON-RPC POST to /mcp (no SDK), for headers and refusals. */
    post(key: string, message: unknown, headers: Record<string, string> = {}) {
      return fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(message),
      });
    },
  };
}

export const READ_TOOLS = [
  'list_contacts',
  'get_contact',
  'list_templates',
  'list_campaigns',
  'get_campaign_stats',
  'search_email_log',
];
export const WRITE_TOOLS = ['upsert_contact', 'send_email', 'track_event', 'create_campaign_draft'];
