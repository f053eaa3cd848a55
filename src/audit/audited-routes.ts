/**
 * The one list of what the audit log records, by route (method and Fastify pattern), read by the
 * audit hook (audit-hook.ts) when each route is registered. Every route that changes something (any
 * POST, PUT, PATCH or DELETE) must be listed here, either with what its entry says or with why it
 * writes none; a route missing from this list stops the service from starting, so a new route cannot
 * ship unaudited by being forgotten. GET routes are listed only when they are audited (exports).
 */

import { MCP_ACTIONS } from '../mcp/tool-names.ts';

/** Where a value of the entry is read: a path parameter, or a field of the 2xx answer's JSON. */
export type Source = { param: string } | { result: string };

export interface AuditedRoute {
  /** `<resource>.<verb>`, e.g. "template.updated". */
  action: string;
  /** The resource type; when it has a view (audit-views in composition.ts) the entry carries its changes. */
  resource: string;
  /** The resource's id (default: the `id` path parameter, else the answer's `id`). */
  id?: Source | 'none';
  /** The project the entry belongs to (default: the request's project, from its key or X-Project-Id). */
  project?: Source;
}

/** Why a route that changes something writes no entry. */
export type Unaudited =
  /** Sending, tracking, single contact writes and their kin: the email log and the activity feed hold them. */
  | 'data plane'
  /** A POST that only reads (previews, lookups, plans). */
  | 'read'
  /** The user's own account, outside any project. */
  | 'account'
  /** Public pages and forms of the project's recipients. */
  | 'public'
  /** Calls from outside services (SNS, Stripe), verified by signature. */
  | 'incoming'
  /** Sign-in is recorded by the sign-in itself (sign-ins.ts), in every project of the member. */
  | 'sign-in'
  /**
   * A route carrying operations that each record their own entry as they run: POST /mcp writes one
   * entry `mcp.<tool>` per tool call (mcp/tool-audit.ts), in the transaction of a write tool's change.
   */
  | 'per call';

export type RouteAudit = AuditedRoute | { skip: Unaudited };

const fromResult = (field: string): Source => ({ result: field });
const fromParam = (name: string): Source => ({ param: name });

/** CRUD of a project resource at `/<path>` and `/<path>/:id`. */
function crud(path: string, resource: string): Record<string, AuditedRoute> {
  return {
    [`POST /${path}`]: { action: `${resource}.created`, resource, id: fromResult('id') },
    [`PATCH /${path}/:id`]: { action: `${resource}.updated`, resource },
    [`DELETE /${path}/:id`]: { action: `${resource}.deleted`, resource },
  };
}

/** The team routes' project is the path's. */
const team = (action: string, resource: string, id: Source): AuditedRoute => ({
  action,
  resource,
  id,
  project: fromParam('id'),
});
/** The account's project routes (/users/@me/projects/:id/…): the project is the path's. */
const ownProject = (action: string, resource = 'project'): AuditedRoute => ({
  action,
  resource,
  id: fromParam('id'),
  project: fromParam('id'),
});

export const AUDITED_ROUTES: Readonly<Record<string, RouteAudit>> = {
  // Accounts and sign-in.
  'POST /auth/login': { skip: 'sign-in' },
  'POST /auth/signup': { skip: 'account' },
  'POST /auth/verify-email': { skip: 'account' },
  'POST /auth/request-verification': { skip: 'account' },
  'POST /auth/request-password-reset': { skip: 'account' },
  'POST /auth/reset-password': { skip: 'account' },
  'POST /users/@me/password': { skip: 'account' },
  'PATCH /users/@me': { skip: 'account' },

  // The project itself, its keys, its safety switches and its billing.
  'POST /users/@me/projects': {
    action: 'project.created',
    resource: 'project',
    id: fromResult('id'),
    project: fromResult('id'),
  },
  'PATCH /users/@me/projects/:id': ownProject('project.updated'),
  'DELETE /users/@me/projects/:id': ownProject('project.deleted'),
  'POST /users/@me/projects/:id/regenerate-keys': ownProject('key.rotated', 'key'),
  'POST /users/@me/projects/:id/reinstate': ownProject('project.reinstated'),
  'POST /users/@me/projects/:id/reset': ownProject('project.reset'),
  'PUT /users/@me/projects/:id/billing-limits': ownProject('billing.limits_changed'),
  'POST /users/@me/projects/:id/checkout': ownProject('billing.checkout_started'),
  'POST /users/@me/projects/:id/billing-portal': ownProject('billing.portal_opened'),

  // The team.
  'POST /projects/:id/members': team('member.added', 'member', fromResult('userId')),
  'PATCH /projects/:id/members/:userId': team('member.role_changed', 'member', fromParam('userId')),
  'DELETE /projects/:id/members/:userId': team('member.removed', 'member', fromParam('userId')),
  'DELETE /projects/:id/invites/:inviteId': team('invite.revoked', 'invite', fromParam('inviteId')),
  'POST /invites/accept': {
    action: 'member.joined',
    resource: 'member',
    id: fromResult('userId'),
    project: fromResult('projectId'),
  },

  // Sending domains.
  'POST /domains': { action: 'domain.created', resource: 'domain', id: fromResult('id') },
  'DELETE /domains/:id': { action: 'domain.deleted', resource: 'domain' },

  // Contacts: single writes are the data plane; deletions, erasure, bulk jobs, imports and exports are not.
  'POST /contacts': { skip: 'data plane' },
  'PATCH /contacts/:id': { skip: 'data plane' },
  'POST /contacts/:id/confirmation': { skip: 'data plane' },
  'POST /contacts/lookup': { skip: 'read' },
  'DELETE /contacts/:id': { action: 'contact.deleted', resource: 'contact' },
  'POST /contacts/:id/erase': { action: 'contact.erased', resource: 'contact' },
  'GET /contacts/:id/export': { action: 'contact.exported', resource: 'contact' },
  'POST /contacts/import': { action: 'contacts.imported', resource: 'import', id: fromResult('jobId') },
  'POST /contacts/bulk-delete': { action: 'contacts.bulk_deleted', resource: 'bulk_job', id: fromResult('jobId') },
  'POST /contacts/bulk-subscribe': {
    action: 'contacts.bulk_subscribed',
    resource: 'bulk_job',
    id: fromResult('jobId'),
  },
  'POST /contacts/bulk-unsubscribe': {
    action: 'contacts.bulk_unsubscribed',
    resource: 'bulk_job',
    id: fromResult('jobId'),
  },
  'DELETE /contacts/fields/:field': { action: 'field.deleted', resource: 'field', id: fromParam('field') },

  // Templates.
  ...crud('templates', 'template'),
  'POST /templates/preview': { skip: 'read' },
  'POST /templates/:id/duplicate': { action: 'template.created', resource: 'template', id: fromResult('id') },
  'PUT /templates/:id/draft': { action: 'template.draft_saved', resource: 'template' },
  'DELETE /templates/:id/draft': { action: 'template.draft_discarded', resource: 'template' },
  'POST /templates/:id/publish': { action: 'template.published', resource: 'template' },
  'POST /templates/:id/versions/:version/restore': { action: 'template.version_restored', resource: 'template' },

  // Campaigns.
  'POST /campaigns': { action: 'campaign.created', resource: 'campaign', id: fromResult('id') },
  'PUT /campaigns/:id': { action: 'campaign.updated', resource: 'campaign' },
  'PATCH /campaigns/:id': { action: 'campaign.updated', resource: 'campaign' },
  'DELETE /campaigns/:id': { action: 'campaign.deleted', resource: 'campaign' },
  'POST /campaigns/:id/duplicate': { action: 'campaign.created', resource: 'campaign', id: fromResult('id') },
  'POST /campaigns/:id/send': { action: 'campaign.sent', resource: 'campaign' },
  'POST /campaigns/:id/cancel': { action: 'campaign.cancelled', resource: 'campaign' },
  'POST /campaigns/:id/test': { action: 'campaign.test_sent', resource: 'campaign' },
  'POST /campaigns/:id/winner': { action: 'campaign.winner_chosen', resource: 'campaign' },
  'POST /campaigns/:id/send-plan': { skip: 'read' },
  'POST /campaigns/audience': { skip: 'read' },

  // Segments.
  ...crud('segments', 'segment'),
  'POST /segments/preview': { skip: 'read' },
  'POST /segments/:id/compute': { action: 'segment.recomputed', resource: 'segment' },
  'POST /segments/:id/refresh': { action: 'segment.recomputed', resource: 'segment' },
  'POST /segments/:id/members': { action: 'segment.members_added', resource: 'segment' },
  'DELETE /segments/:id/members': { action: 'segment.members_removed', resource: 'segment' },

  // Topics, events.
  ...crud('topics', 'topic'),
  'DELETE /events/:eventName': { action: 'event.deleted', resource: 'event', id: fromParam('eventName') },
  'POST /events/track': { skip: 'data plane' },

  // Workflows.
  ...crud('workflows', 'workflow'),
  'POST /workflows/:id/steps': { action: 'workflow.step_added', resource: 'workflow' },
  'PATCH /workflows/:id/steps/:stepId': { action: 'workflow.step_updated', resource: 'workflow' },
  'DELETE /workflows/:id/steps/:stepId': { action: 'workflow.step_removed', resource: 'workflow' },
  'POST /workflows/:id/transitions': { action: 'workflow.transition_added', resource: 'workflow' },
  'DELETE /workflows/:id/transitions/:transitionId': { action: 'workflow.transition_removed', resource: 'workflow' },
  'POST /workflows/:id/executions': { action: 'workflow.execution_started', resource: 'workflow' },
  'DELETE /workflows/:id/executions/:executionId': { action: 'workflow.execution_cancelled', resource: 'workflow' },
  'POST /workflows/:id/executions/cancel-all': { action: 'workflow.executions_cancelled', resource: 'workflow' },

  // Webhook endpoints and transports.
  ...crud('webhook-endpoints', 'webhook_endpoint'),
  'POST /webhook-endpoints/:id/rotate-secret': {
    action: 'webhook_endpoint.secret_rotated',
    resource: 'webhook_endpoint',
  },
  'POST /webhook-endpoints/:id/test': { action: 'webhook_endpoint.tested', resource: 'webhook_endpoint' },
  'POST /webhook-endpoints/:id/messages/:messageId/retry': {
    action: 'webhook_message.retried',
    resource: 'webhook_message',
    id: fromParam('messageId'),
  },
  ...crud('transports', 'transport'),
  'POST /transports/:id/test': { action: 'transport.tested', resource: 'transport' },

  // Uploads (images of the editor).
  'POST /uploads/image': { action: 'upload.created', resource: 'upload', id: fromResult('id') },
  'DELETE /uploads/:id': { action: 'upload.deleted', resource: 'upload' },

  // The email log: a retry is an operator's decision.
  'POST /emails/:id/retry': { action: 'email.retried', resource: 'email' },

  // Suppressions (hand-kept rules).
  'POST /suppressions': { action: 'suppression.created', resource: 'suppression', id: 'none' },
  'DELETE /suppressions/:id': { action: 'suppression.deleted', resource: 'suppression' },
  'POST /suppressions/import': {
    action: 'suppressions.imported',
    resource: 'suppression_import',
    id: fromResult('id'),
  },
  'GET /suppressions/export': { action: 'suppressions.exported', resource: 'suppression', id: 'none' },

  // The audit log's own export says who took a copy.
  'GET /audit-log/export': { action: 'audit_log.exported', resource: 'audit_log', id: 'none' },

  // The data plane.
  'POST /v1/send': { skip: 'data plane' },
  'POST /v1/track': { skip: 'data plane' },
  'POST /v1/subscribe': { skip: 'data plane' },
  'POST /v1/verify': { skip: 'data plane' },

  // The MCP server (docs/mcp.md): one entry per tool call, written by the call (MCP_ACTIONS below);
  // initialize and tools/list write none. DELETE only answers 405 (a stateless server has no session).
  'POST /mcp': { skip: 'per call' },
  'DELETE /mcp': { skip: 'per call' },

  // The recipients' own pages: unsubscribe, preferences, sign-up forms and confirmations.
  'POST /unsubscribe/:token': { skip: 'public' },
  'POST /subscribe/:token': { skip: 'public' },
  'POST /manage/:token': { skip: 'public' },
  'POST /confirm/:token': { skip: 'public' },
  'POST /join/:projectId': { skip: 'public' },

  // Calls from outside services.
  'POST /webhooks/sns': { skip: 'incoming' },
  'POST /webhooks/incoming/stripe': { skip: 'incoming' },
};

/** Entries written outside the route list: sign-ins (sign-ins by password, OAuth and OIDC); MCP tool calls are MCP_ACTIONS. */
export const SIGN_IN_ACTIONS = ['auth.signed_in', 'auth.sign_in_failed'] as const;

/** Every action an entry can have, sorted (the API view's enum). */
export const AUDIT_ACTIONS: readonly string[] = [
  ...new Set([
    ...Object.values(AUDITED_ROUTES).flatMap((r) => ('skip' in r ? [] : [r.action])),
    ...SIGN_IN_ACTIONS,
    ...MCP_ACTIONS,
  ]),
].sort();

/** Methods that change something: every route with one of them must be in the list. */
export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The entry's `key` in AUDITED_ROUTES. */
export const routeKey = (method: string, url: string) => `${method} ${url}`;
