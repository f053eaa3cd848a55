/** The audit log (migration 0030): append-only, one row per change to how a project is set up. */
import type { Json, Timestamp } from './column-types.ts';

export type AuditActorType = 'USER' | 'KEY' | 'SYSTEM';

export interface AuditLogTable {
  id: string;
  projectId: string;
  at: Timestamp;
  actorType: AuditActorType;
  actorId: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
  /** `{ <field>: [before, after] }`, secrets redacted; null when the action changes no field. */
  changes: Json | null;
}

export interface AuditTables {
  auditLog: AuditLogTable;
}
