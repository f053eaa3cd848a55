/** Every tool of the MCP server, in the order tools/list shows them: read tools, then write tools. */
import { createCampaignDraftTool, getCampaignStatsTool, listCampaignsTool } from './campaigns.ts';
import { getContactTool, listContactsTool, upsertContactTool } from './contacts.ts';
import { searchEmailLogTool } from './email-log.ts';
import { sendEmailTool, trackEventTool } from './sending.ts';
import { listTemplatesTool } from './templates.ts';
import type { McpTool } from './types.ts';

export const MCP_TOOLS: readonly McpTool[] = [
  listContactsTool,
  getContactTool,
  listTemplatesTool,
  listCampaignsTool,
  getCampaignStatsTool,
  searchEmailLogTool,
  upsertContactTool,
  sendEmailTool,
  trackEventTool,
  createCampaignDraftTool,
];
