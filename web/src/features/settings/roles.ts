/**
 * How the member roles read to people. What each role may do, and which roles a member may hand
 * out, come from the server with the project (`can` in api/session.ts, `project.assignableRoles`).
 */
import type { Project } from '../../api/session.ts';

type Role = Project['role'];

export const ROLE_LABEL: Record<Role, string> = { OWNER: 'Owner', ADMIN: 'Admin', MEMBER: 'Member' };

export const ROLE_HELP: Record<Role, string> = {
  OWNER: 'Everything, including billing, resetting and deleting the project.',
  ADMIN: 'Manages settings, keys, domains and the team.',
  MEMBER: 'Uses the project: contacts, templates, campaigns, workflows.',
};
