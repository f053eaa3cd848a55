/**
 * The MCP server's tool names (beyond.md §11), read tools first. The audit log's list of actions
 * (audit/audited-routes.ts) takes one `mcp.<tool>` action from each; the tools themselves are in
 * tools/.
 */

export const MCP_READ_TOOLS = [
  'list_contacts',
  'get_contact',
  'list_templates',
  'list_campaigns',
  'get_campaign_stats',
  'search_email_log',
] as const;

/** Listed and callable only while the project's `mcpWrites` setting is on. */
export const MCP_WRITE_TOOLS = ['upsert_contact', 'send_email', 'track_event', 'create_campaign_draft'] as const;

export type McpToolName = (typeof MCP_READ_TOOLS)[number] | (typeof MCP_WRITE_TOOLS)[number];

/** The audit action of a tool call. */
export const mcpAction = (tool: McpToolName) => `mcp.${tool}`;

/** Every tool call's audit action. */
export const MCP_ACTIONS: readonly string[] = [...MCP_READ_TOOLS, ...MCP_WRITE_TOOLS].map(mcpAction);
