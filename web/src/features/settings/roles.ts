/**
 * How the member roles read to people. What each role may do, and which roles a member may hand
 * out, come from the server with the project (`can` in api/session.ts, `project.assignableRoles`).
 */
import type { Project } from '../../api/session.ts';
import { msg } from '../../i18n/msg.ts';

type Role = Project['role'];

/** English messages: screens translate them where they show them (`t(ROLE_LABEL[role])`). */
export const ROLE_LABEL: Record<Role, string> = { OWNER: msg('Owner'), ADMIN: msg('Admin'), MEMBER: msg('Member') };

export const ROLE_HELP: Record<Role, string> = {
  OWNER: msg('Everything, including billing, resetting and deleting the project.'),
  ADMIN: msg('Manages settings, keys, domains and the team.'),
  MEMBER: msg('Uses the project: contacts, templates, campaigns, workflows.'),
};
