/**
 * The one permission table: which member roles may do what to a project, and which routes need
 * more than plain use. It binds signed-in dashboard users only; a secret key is the project's own
 * and is never role-limited. Enforced in three places, all reading this file:
 *  - resource routes reached with X-Project-Id: the requireProject hook (http/auth.ts) checks
 *    `routePermission(method, route)` before anything else runs;
 *  - the team routes (/projects/:id/members, /projects/:id/invites): the requireMember hook, given
 *    the route's permission;
 *  - /users/@me/projects/:id/* routes and the safety reads (/projects/:id/setup-state and /security):
 *    their services look the membership up and call `requirePermission` on the member's role.
 * The team test matrix (test/e2e/permissions-matrix.test.ts) reads `PERMISSIONS` to know what each
 * role must be refused on every route of the OpenAPI document.
 */
import type { Role } from '../db/schema.ts';
import { forbidden } from '../errors.ts';

export const ROLES: readonly Role[] = ['OWNER', 'ADMIN', 'MEMBER'];

export const PERMISSIONS = {
  /** Read the project and use its resources (contacts, templates, campaigns, …) from the dashboard; see the team. */
  'project.use': ['OWNER', 'ADMIN', 'MEMBER'],
  /**
   * Erase a contact for good (POST /contacts/:id/erase): unlike a delete, it cannot be undone, it
   * strips the contact's emails for statistics and keeps the address from ever being mailed again.
   */
  'contacts.erase': ['OWNER', 'ADMIN'],
  /** Add or remove sending domains: they decide who the project may send as, and its DKIM keys. */
  'domains.manage': ['OWNER', 'ADMIN'],
  /** Add, change, rotate, test and delete webhook endpoints, and retry their messages: they receive the project's data. */
  'webhooks.manage': ['OWNER', 'ADMIN'],
  /** Add, change, test and delete the project's own transports: they hold relay credentials and carry its mail. */
  'transports.manage': ['OWNER', 'ADMIN'],
  /** Name, tracking mode, default locale, send rate, and the sending schedule (zone, window, cap, warm-up). */
  'settings.change': ['OWNER', 'ADMIN'],
  'keys.rotate': ['OWNER', 'ADMIN'],
  /** Add members, send and revoke invitations. */
  'members.invite': ['OWNER', 'ADMIN'],
  /**
   * Change another member's role or remove them. Only an OWNER may grant or take away OWNER (see
   * `mayAssign`); anyone may remove themself (leave); the last OWNER can do neither.
   */
  'members.manage': ['OWNER', 'ADMIN'],
  /** Checkout, billing portal, invoices, and changing the billing limits. */
  'billing.manage': ['OWNER'],
  /** Read the billing limits and the current period's consumption. */
  'billing.read': ['OWNER', 'ADMIN', 'MEMBER'],
  /** Wipe the project's data (POST /users/@me/projects/:id/reset). */
  'project.reset': ['OWNER'],
  'project.delete': ['OWNER'],
  /** Lift an automatic suspension. */
  'project.reinstate': ['OWNER'],
  /** Read and export the project's audit log (who changed what): it names members, addresses and IPs. */
  'audit.read': ['OWNER', 'ADMIN'],
  /**
   * Add, import and delete suppression rules: a deleted rule lets mail reach an address that bounced
   * or complained again, and a domain rule can silence a whole customer.
   */
  'suppressions.manage': ['OWNER', 'ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/**
 * Resource routes (X-Project-Id) that need more than 'project.use', keyed by method and Fastify
 * route pattern. Every other resource route is open to every member.
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, Permission>> = {
  'POST /contacts/:id/erase': 'contacts.erase',
  'POST /domains': 'domains.manage',
  'DELETE /domains/:id': 'domains.manage',
  'POST /webhook-endpoints': 'webhooks.manage',
  'PATCH /webhook-endpoints/:id': 'webhooks.manage',
  'DELETE /webhook-endpoints/:id': 'webhooks.manage',
  'POST /webhook-endpoints/:id/rotate-secret': 'webhooks.manage',
  'POST /webhook-endpoints/:id/test': 'webhooks.manage',
  'POST /webhook-endpoints/:id/messages/:messageId/retry': 'webhooks.manage',
  'POST /transports': 'transports.manage',
  'PATCH /transports/:id': 'transports.manage',
  'DELETE /transports/:id': 'transports.manage',
  'POST /transports/:id/test': 'transports.manage',
  'GET /audit-log': 'audit.read',
  'GET /audit-log/export': 'audit.read',
  'GET /audit-log/facets': 'audit.read',
  'POST /suppressions': 'suppressions.manage',
  'DELETE /suppressions/:id': 'suppressions.manage',
  'POST /suppressions/import': 'suppressions.manage',
};

/** The permission a resource route needs (`route` is the Fastify pattern, e.g. `/domains/:id`). */
export function routePermission(method: string, route: string | undefined): Permission {
  return ROUTE_PERMISSIONS[`${method} ${route ?? ''}`] ?? 'project.use';
}

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

/**
 * Whether `actor` may move a member from role `from` (undefined: not a member yet) to `to`: OWNER is
 * granted and taken away only by an OWNER; ADMIN and MEMBER by whoever holds 'members.manage'
 * (or 'members.invite' for a newcomer).
 */
export function mayAssign(actor: Role, from: Role | undefined, to: Role): boolean {
  if (from === 'OWNER' || to === 'OWNER') return actor === 'OWNER';
  return can(actor, from === undefined ? 'members.invite' : 'members.manage');
}

/** Every permission `role` holds: what the dashboard reads to show only the actions it may take. */
export function permissionsOf(role: Role): Permission[] {
  return PERMISSION_NAMES.filter((p) => can(role, p));
}

/** The roles `actor` may hand to a newcomer or a member (a change to or from OWNER needs an OWNER). */
export function assignableRoles(actor: Role): Role[] {
  return ROLES.filter((to) => mayAssign(actor, undefined, to));
}
