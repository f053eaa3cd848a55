/**
 * The MCP server of one request (stateless: a new one per POST /mcp). tools/list shows the read tools,
 * and the write tools while the project's `mcpWrites` is on; tools/call checks the arguments as the
 * HTTP API checks bodies, runs the tool (the services the routes call) and answers its JSON, or a tool
 * error (`isError`) naming the code, the message and the fields at fault. Every call of a known tool
 * is audited (tool-audit.ts), refused ones included.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { toAppError } from '../http/errors.ts';
import { validatorCompiler } from '../http/validation.ts';
import { auditedToolCall, type McpCaller } from './tool-audit.ts';
import { MCP_TOOLS } from './tools/index.ts';
import type { McpTool } from './tools/types.ts';

/** The request an MCP server serves: its caller, the write gate (read once, when asked) and the entries written. */
export interface McpSession {
  caller: McpCaller;
  requestId: string;
  /** The project's `mcpWrites`. */
  writes(): Promise<boolean>;
  /** Audit entries the calls wrote (the answer's X-Audit-Entry). */
  entries: string[];
}

const SERVER_INFO = { name: 'mailwright', version: '1.0.0' };

const INSTRUCTIONS =
  "Mailwright: one project's contacts, templates, campaigns and email log. Lists are paged: pass a page's " +
  'nextCursor as `cursor` for the next one. Write tools exist only when the project allows them (mcpWrites); ' +
  'send_email sends to one person, mail to many is a campaign draft a person reviews and sends.';

type Validate = ((value: unknown) => boolean) & { errors?: unknown[] | null };
const validators = new WeakMap<McpTool, Validate>();

/** The arguments checked against the tool's schema (defaults filled in), or the 422 the HTTP API would give. */
function checkedArguments(tool: McpTool, args: Record<string, unknown>): unknown {
  let validate = validators.get(tool);
  if (!validate) {
    validate = validatorCompiler({ schema: tool.input, httpPart: 'body', method: 'POST', url: '/mcp' }) as Validate;
    validators.set(tool, validate);
  }
  // Defaults are written into the value checked: a copy, not the request's own object.
  const value = structuredClone(args);
  if (!validate(value)) throw toAppError({ validation: validate.errors, validationContext: 'arguments' });
  return value;
}

function writesDisabled(projectId: string): AppError {
  return new AppError(
    403,
    'MCP_WRITES_DISABLED',
    'Write tools are disabled for this project. An owner or admin can turn them on in the project settings ' +
      `(PATCH /users/@me/projects/${projectId} with {"mcpWrites": true}).`,
  );
}

function toolDefinition(tool: McpTool): Tool {
  return {
    name: tool.name,
    description: tool.description,
    // The TypeBox schema is JSON Schema; the copy keeps only its JSON.
    inputSchema: JSON.parse(JSON.stringify(tool.input)) as Tool['inputSchema'],
    annotations: { readOnlyHint: !tool.write, destructiveHint: false, openWorldHint: tool.name === 'send_email' },
  };
}

function errorResult(error: unknown, session: McpSession, log: FastifyBaseLogger): CallToolResult {
  const err = toAppError(error);
  if (err.statusCode >= 500) {
    log.error({ err: error, requestId: session.requestId }, 'MCP tool call failed');
    const message = `An unexpected error occurred (request ${session.requestId}).`;
    return toolError({ code: err.code, message }, `${err.code}: ${message}`);
  }
  const errors = err.details.errors ?? [];
  // Every field at fault is named, unless the message already names the only one.
  const named = errors.length === 1 && err.message.includes(errors[0]!.field);
  const fields = named ? '' : errors.map((e) => `${e.field}: ${e.message}`).join('; ');
  const text = `${err.code}: ${err.message}${fields ? ` [${fields}]` : ''}`;
  return toolError({ code: err.code, message: err.message, ...(errors.length > 0 ? { errors } : {}) }, text);
}

function toolError(error: { code: string; message: string; errors?: unknown[] }, text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }], structuredContent: { error } };
}

async function callTool(deps: Deps, session: McpSession, name: string, args: Record<string, unknown>) {
  const tool = MCP_TOOLS.find((t) => t.name === name);
  if (!tool) {
    return {
      isError: true,
      content: [{ type: 'text', text: `Unknown tool "${name}": tools/list names the tools of this project.` }],
    } satisfies CallToolResult;
  }
  const { projectId } = session.caller;
  const outcome = await auditedToolCall(deps, session.caller, tool, async () => {
    if (tool.write && !(await session.writes())) throw writesDisabled(projectId);
    return tool.run(deps, projectId, checkedArguments(tool, args));
  });
  session.entries.push(outcome.entryId);
  if (!outcome.answer) return errorResult(outcome.error, session, deps.log);
  const { result } = outcome.answer;
  return {
    content: [{ type: 'text', text: JSON.stringify(result) }],
    structuredContent: result,
  } satisfies CallToolResult;
}

/** A server for one request of `session`. */
export function createMcpServer(deps: Deps, session: McpSession): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const writes = await session.writes();
    return { tools: MCP_TOOLS.filter((t) => writes || !t.write).map(toolDefinition) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    try {
      return await callTool(deps, session, request.params.name, request.params.arguments ?? {});
    } catch (err) {
      // The audit write itself failed: a tool error without the database's words, never a crash.
      return errorResult(err, session, deps.log);
    }
  });
  return server;
}
