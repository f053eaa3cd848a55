/** POST /mcp: one JSON-RPC 2.0 message of the Model Context Protocol in, one out (docs/mcp.md). */
import { Type } from 'typebox';

const JsonRpcId = Type.Union([Type.String({ maxLength: 200 }), Type.Integer()]);
const Params = Type.Record(Type.String(), Type.Unknown());

export const McpMessage = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(JsonRpcId),
    method: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'initialize, tools/list, tools/call, …' }),
    ),
    params: Type.Optional(Params),
    result: Type.Optional(Params),
    error: Type.Optional(Params),
  },
  {
    description:
      'A request (id and method), a notification (method, no id) or a response. One message a request: batches are refused.',
  },
);

export const McpResponse = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Union([JsonRpcId, Type.Null()]),
    result: Type.Optional(Params),
    error: Type.Optional(
      Type.Object({ code: Type.Integer(), message: Type.String(), data: Type.Optional(Type.Unknown()) }),
    ),
  },
  {
    description:
      "The request's answer: `result`, or a JSON-RPC `error` (a tool's own failure is a result with isError).",
  },
);

export const McpAccepted = Type.Null({ description: 'Notifications and responses: accepted, no body.' });
