/**
 * Settings of `mailwright mcp`, the stdio bridge to a running server's MCP endpoint (docs/mcp.md):
 * where the server is and the project's secret key. Read on their own: the bridge needs nothing else.
 */
import { type Static, Type } from 'typebox';
import { Setting } from './settings.ts';

export const McpClientSettings = Type.Object({
  /** The server's base address; the bridge talks to `${url}/mcp`. */
  url: Setting.optionalUrl('MAILWRIGHT_URL'),
  /** The project's secret key, sent as `Authorization: Bearer …`; never quoted in a refusal. */
  key: Setting.optionalText('MAILWRIGHT_KEY', {
    pattern: '^sk_[A-Za-z0-9_-]{16,128}$',
    problem: "must be the project's secret key (sk_…)",
    quote: false,
  }),
});
export type McpClientSettings = Static<typeof McpClientSettings>;
