/**
 * The one permission table: which member roles may do what to a project. Every service that
 * changes a project on behalf of a signed-in user asks `requirePermission`; the team test matrix
 * reads `PERMISSIONS` to know what each role must be refused.
 */
import type { Role } from '../db/schema.ts';
import { forbidden } from '../errors.ts';

export const ROLES: readonly Role[] = ['OWNER', 'ADMIN', 'MEMBER'];

export const PERMISSIONS = {
  /** Read the project and use its resources (contacts, templates, campaigns, …) from the dashboard. */
  'project.use': ['OWNER', 'ADMIN', 'MEMBER'],
  /** Name, tracking mode, default locale, send rate. */
  'settings.change': ['OWNER', 'ADMIN'],
  'keys.rotate': ['OWNER', 'ADMIN'],
  'members.invite': ['OWNER', 'ADMIN'],
  /** Change another member's role or remove them (only an OWNER may grant or take away OWNER). */
  'members.manage': ['OWNER', 'ADMIN'],
  'billing.manage': ['OWNER'],
  /** Wipe the project's data (POST /users/@me/projects/:id/reset). */
  'project.reset': ['OWNER'],
  'project.delete': ['OWNER'],
  /** Lift an automatic suspension. */
  'project.reinstate': ['OWNER'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** 403 FORBIDDEN unless `role` holds `permission`. */
export function requirePermission(role: Role, permission: Permission): void {
  if (!can(role, permission)) {
    const roles = PERMISSIONS[permission].join(' or ');
    throw forbidden(`This needs the ${roles} role in the project (${permission}).`);
  }
}
