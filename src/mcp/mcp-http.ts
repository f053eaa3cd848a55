/**
 * POST /mcp over the SDK's Streamable HTTP transport, stateless: each request gets a new server and
 * transport, answers in JSON (no SSE stream) and closes both. The route's body is handed over already
 * parsed and checked; a message the transport refuses (not JSON-RPC, an unsupported protocol version)
 * becomes the API's error envelope, not a JSON-RPC error body.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { actorOf, type Origin } from '../audit/audit.service.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { mcpWritesEnabled } from '../projects/projects.service.ts';
import { createMcpServer, type McpSession } from './mcp-server.ts';

export interface McpRequest {
  projectId: string;
  /** The request's authentication (a key, or a member's session). */
  auth: { via: string; userId?: string };
  origin: Origin;
  requestId: string;
  /** The Mcp-Protocol-Version header, when sent. */
  protocolVersion?: string;
  message: unknown;
}

export interface McpAnswer {
  /** 200 with a JSON-RPC answer, or 202 (no body) for notifications and responses. */
  status: 200 | 202;
  body: string;
  /** Ids of the audit entries the tool calls wrote (none for initialize and tools/list). */
  auditEntries: string[];
}

/** Memoizes an async read, so a request reads it once and only when a handler asks. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= read();
    return value;
  };
}

function session(deps: Deps, req: McpRequest): McpSession {
  return {
    caller: {
      projectId: req.projectId,
      origin: req.origin,
      actor: once(() => actorOf(deps, req.projectId, req.auth)),
    },
    requestId: req.requestId,
    writes: once(() => mcpWritesEnabled(deps, req.projectId)),
    entries: [],
  };
}

/** The JSON-RPC error message of a transport's refusal. */
function refusalMessage(body: string): string {
  try {
    return (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? 'The MCP request was refused.';
  } catch {
    return 'The MCP request was refused.';
  }
}

/** The transport's 4xx refusal as the envelope's error (its JSON-RPC error message kept). */
function refusal(status: number, body: string): AppError {
  const message = refusalMessage(body);
  return new AppError(status, 'INVALID_MCP_MESSAGE', message, {
    suggestion: 'POST one JSON-RPC 2.0 message of the Model Context Protocol (docs/mcp.md).',
  });
}

/** Serves one JSON-RPC message of `req`'s caller; throws the envelope's error when the transport refuses it. */
export async function serveMcp(deps: Deps, req: McpRequest): Promise<McpAnswer> {
  const mcp = session(deps, req);
  const server = createMcpServer(deps, mcp);
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  transport.onerror = (err) => deps.log.debug({ err }, 'MCP transport refused a message');
  await server.connect(transport);
  try {
    // JSON answers only: whatever the client accepts, it gets one JSON body (the transport asks for both).
    const headers = new Headers({ accept: 'application/json, text/event-stream', 'content-type': 'application/json' });
    if (req.protocolVersion) headers.set('mcp-protocol-version', req.protocolVersion);
    const request = new Request(`${deps.config.baseUrl}/mcp`, { method: 'POST', headers });
    const res = await transport.handleRequest(request, { parsedBody: req.message });
    const body = await res.text();
    if (res.status >= 500) throw new Error(`MCP transport answered ${res.status}: ${refusalMessage(body)}`);
    if (res.status >= 300) throw refusal(res.status, body);
    return { status: res.status === 202 ? 202 : 200, body, auditEntries: mcp.entries };
  } finally {
    await server.close();
  }
}
