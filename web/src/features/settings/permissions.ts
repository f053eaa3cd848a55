/**
 * TEMPORARY until the projects answer carries `permissions`: the same signature as the final
 * `can(project, permission)`, so screens need no change when it moves to reading the server's list.
 */
import type { Project } from '../../api/session.ts';

type Role = Project['role'];

const RULES = {
  'domains.manage': ['OWNER', 'ADMIN'],
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

export function can(project: Pick<Project, 'role'>, permission: Permission): boolean {
  return (RULES[permission] as readonly Role[]).includes(project.role);
}

export function assignableRoles(project: Pick<Project, 'role'>): Role[] {
  if (project.role === 'OWNER') return ['MEMBER', 'ADMIN', 'OWNER'];
  if (project.role === 'ADMIN') return ['MEMBER', 'ADMIN'];
  return [];
}

export const ROLE_LABEL: Record<Role, string> = { OWNER: 'Owner', ADMIN: 'Admin', MEMBER: 'Member' };

export const ROLE_HELP: Record<Role, string> = {
  OWNER: 'Everything, including billing, resetting and deleting the project.',
  ADMIN: 'Manages settings, keys, domains and the team.',
  MEMBER: 'Uses the project: contacts, templates, campaigns, workflows.',
};
