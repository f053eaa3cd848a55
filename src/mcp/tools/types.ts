/** What a tool of the MCP server is: its name, what the model reads about it, its input and its run. */
import { type Static, type TSchema, Type } from 'typebox';
import type { Deps } from '../../deps.ts';
import type { McpToolName } from '../tool-names.ts';

/** What a call answered: a small JSON object, and the one resource it named or made (for its audit entry). */
export interface ToolAnswer {
  result: Record<string, unknown>;
  resourceId?: string;
}

export interface McpTool<I = unknown> {
  name: McpToolName;
  /** Read by the model: what the tool does, when to use it, what it answers. */
  description: string;
  /** The arguments, checked before `run` as request bodies are (http/validation.ts). */
  input: TSchema;
  /** Listed and run only while the project's `mcpWrites` is on. */
  write: boolean;
  /** The resource type of the call's audit entry. */
  resource: string;
  /** Calls the services the HTTP routes call; their AppErrors become the tool's error answer. */
  run(deps: Deps, projectId: string, args: I): Promise<ToolAnswer>;
}

/** A tool whose `run` sees its arguments typed by `input`. */
export function defineTool<S extends TSchema>(
  tool: Omit<McpTool<Static<S>>, 'input'> & { input: S },
): McpTool<unknown> {
  return tool as McpTool<unknown>;
}

/** Page size of the list tools: small answers by default, never more than 100 items. */
export const Limit = Type.Integer({
  minimum: 1,
  maximum: 100,
  default: 20,
  description: 'Items per page, 1 to 100 (default 20).',
});

export const Cursor = Type.String({
  maxLength: 200,
  description: 'The nextCursor of the previous page; absent for the first page.',
});

/** The cursor of the page after a page-numbered list's page (its number), or null after the last. */
export function nextPage(info: { page: number; totalPages: number }): string | null {
  return info.page < info.totalPages ? String(info.page + 1) : null;
}
