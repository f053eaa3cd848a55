/**
 * What each member role may do in Settings: the dashboard's copy of the API's permission table
 * (src/projects/permissions.ts), used to hide actions a role would be refused. The API stays the
 * judge: its 403 is shown wherever an action is refused anyway.
 */
import type { Project } from '../../api/session.ts';

type Role = Project['role'];

const RULES = {
  'settings.change': ['OWNER', 'ADMIN'],
  'keys.rotate': ['OWNER', 'ADMIN'],
  'members.invite': ['OWNER', 'ADMIN'],
  'members.manage': ['OWNER', 'ADMIN'],
  'billing.manage': ['OWNER'],
  'project.reset': ['OWNER'],
  'project.delete': ['OWNER'],
  'project.reinstate': ['OWNER'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof RULES;

export function can(role: Role, permission: Permission): boolean {
  return (RULES[permission] as readonly Role[]).includes(role);
}

/** The roles a member with `actor`'s role may hand out: OWNER only by an OWNER. */
export function assignableRoles(actor: Role): Role[] {
  if (actor === 'OWNER') return ['MEMBER', 'ADMIN', 'OWNER'];
  if (actor === 'ADMIN') return ['MEMBER', 'ADMIN'];
  return [];
}

export const ROLE_LABEL: Record<Role, string> = { OWNER: 'Owner', ADMIN: 'Admin', MEMBER: 'Member' };

export const ROLE_HELP: Record<Role, string> = {
  OWNER: 'Everything, including billing, resetting and deleting the project.',
  ADMIN: 'Manages settings, keys, domains and the team.',
  MEMBER: 'Uses the project: contacts, templates, campaigns, workflows.',
};
