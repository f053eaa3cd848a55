/** The audit log (migration 0030): append-only, one row per change to how a project is set up. */
import type { Bool, Json, Timestamp } from './column-types.ts';

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
  /** False between the entry's write in the change's transaction and its one completion (migration 0030). */
  sealed: Bool;
}

export interface AuditTables {
  auditLog: AuditLogTable;
}
