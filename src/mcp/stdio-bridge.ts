/**
 * `mailwright mcp`: an MCP server on stdio for assistants that start a command, forwarding
 * tools/list and tools/call to a running server's POST /mcp with the project's secret key. The tools,
 * the write gate and the audit stay in one place, the server; this process opens no database and
 * starts no service. stdout carries protocol messages only; everything else goes to stderr.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { McpClientConfig } from '../config.ts';

const BRIDGE_INFO = { name: 'mailwright', version: '1.0.0' };

/** A client of `${url}/mcp`, connected (initialize done); throws when the server is unreachable or refuses the key. */
async function connectUpstream(config: McpClientConfig): Promise<Client> {
  const client = new Client({ name: 'mailwright-stdio', version: BRIDGE_INFO.version });
  const transport = new StreamableHTTPClientTransport(new URL(`${config.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${config.key}` } },
  });
  await client.connect(transport);
  return client;
}

/**
 * Serves stdio until stdin ends (the assistant closed it), then closes the upstream connection.
 * Rejects at once when the upstream server cannot be reached or refuses the key.
 */
export async function runStdioBridge(config: McpClientConfig, log: (line: string) => void): Promise<void> {
  const upstream = await connectUpstream(config);
  const server = new Server(BRIDGE_INFO, {
    capabilities: { tools: {} },
    instructions: upstream.getInstructions(),
  });
  // Forwarded as they are: the server's tool list (it knows the project's write setting) and its answers.
  server.setRequestHandler(ListToolsRequestSchema, async (request) => upstream.listTools(request.params));
  server.setRequestHandler(CallToolRequestSchema, async (request) => upstream.callTool(request.params));
  server.onerror = (err) => log(`mailwright mcp: ${err.message}`);
  const ended = new Promise<void>((resolve) => process.stdin.once('end', resolve));
  await server.connect(new StdioServerTransport());
  log(`mailwright mcp: serving ${config.url}/mcp on stdio`);
  await ended;
  await server.close();
  await upstream.close();
}
