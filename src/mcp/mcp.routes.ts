/**
 * /mcp: the Model Context Protocol server (beyond.md §11, docs/mcp.md), Streamable HTTP and stateless.
 * POST carries one JSON-RPC message; the tools are in tools/, their audit in tool-audit.ts. GET (an
 * SSE stream) and DELETE (a session) have nothing to serve: 405.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { originOf } from '../audit/audit.service.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { requireProject } from '../http/auth.ts';
import { routeSchema } from '../http/routes.ts';
import { McpAccepted, McpMessage, McpResponse } from './mcp.schemas.ts';
import { serveMcp } from './mcp-http.ts';

export const mcpRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('mcp');

  app.post(
    '/mcp',
    schema({ body: McpMessage, response: { 200: McpResponse, 202: McpAccepted } }),
    async (req, reply) => {
      const version = req.headers['mcp-protocol-version'];
      const answer = await serveMcp(deps, {
        projectId: req.auth!.projectId,
        auth: req.auth!,
        origin: originOf(req),
        requestId: req.id,
        protocolVersion: typeof version === 'string' ? version : undefined,
        message: req.body,
      });
      if (answer.auditEntries.length > 0) reply.header('x-audit-entry', answer.auditEntries.join(', '));
      // The transport's JSON as it wrote it (a string with a JSON type is sent unserialized).
      if (answer.status === 202) return reply.code(202).send(undefined as never);
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(answer.body as never);
    },
  );

  const noStream = async () => {
    throw new AppError(405, 'METHOD_NOT_ALLOWED', 'This MCP server is stateless: POST each JSON-RPC message to /mcp.', {
      headers: { allow: 'POST' },
    });
  };
  app.get('/mcp', { schema: { hide: true } }, noStream);
  app.delete('/mcp', { schema: { hide: true } }, noStream);
};
