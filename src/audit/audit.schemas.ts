import { Type } from 'typebox';
import { CursorPageOf, CursorQuery } from '../http/pagination.ts';
import { DateTime, literals } from '../http/schemas.ts';
import { AUDIT_ACTIONS } from './audited-routes.ts';

const ActorType = literals(['USER', 'KEY', 'SYSTEM']);
const NullableText = Type.Union([Type.String(), Type.Null()]);

export const AuditActor = Type.Object({
  type: ActorType,
  id: Type.Union([Type.String(), Type.Null()], {
    description: "A member's user id, the secret key as `sk_…` and its last characters, or null.",
  }),
  email: Type.Optional(Type.String({ description: "The member's address when the change was made." })),
});

export const AuditEntry = Type.Object({
  id: Type.String(),
  at: DateTime,
  actor: AuditActor,
  ip: NullableText,
  userAgent: NullableText,
  action: Type.String({
    enum: [...AUDIT_ACTIONS],
    description: 'What happened, `<resource>.<verb>`: "template.updated", "auth.signed_in", …',
  }),
  resource: Type.Object({ type: Type.String(), id: NullableText }),
  changes: Type.Optional(
    Type.Record(Type.String(), Type.Array(Type.Unknown(), { minItems: 2, maxItems: 2 }), {
      description: 'The fields that changed, each [before, after]; secrets read "[redacted]".',
    }),
  ),
});

/** Filters of the list and the export. */
const filters = {
  actor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 320, description: 'A user id, `sk_…` key id or email.' }),
  ),
  action: Type.Optional(
    Type.String({
      pattern: '^[a-z_]+(\\.[a-z_]+)*(\\.\\*)?$',
      maxLength: 100,
      description: 'An action, or every action of a resource with `template.*`.',
    }),
  ),
  resourceType: Type.Optional(Type.String({ pattern: '^[a-z_]+$', maxLength: 50 })),
  resourceId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  since: Type.Optional(Type.String({ format: 'date-time' })),
  until: Type.Optional(Type.String({ format: 'date-time' })),
};

export const AuditListQuery = Type.Object({ ...CursorQuery.properties, ...filters });
export const AuditExportQuery = Type.Object(filters);
export const AuditPage = CursorPageOf(AuditEntry, 'entries');

export const AuditFacets = Type.Object({
  actions: Type.Array(Type.String()),
  resourceTypes: Type.Array(Type.String()),
  actors: Type.Array(AuditActor),
});
