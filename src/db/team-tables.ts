/** Table shapes of the team (migration 0012), beside schema.ts, which lists them in `Database`. */
import type { Timestamp } from './column-types.ts';
import type { Role } from './core-tables.ts';

/**
 * An invitation to join a project, for an email without an account yet. Only the SHA-256 of the
 * token is stored; the token itself exists only in the mail. Pending while `acceptedAt` is null and
 * `expiresAt` is ahead; at most one pending row per (project, email) (a partial unique index).
 */
export interface InvitesTable {
  id: string;
  projectId: string;
  email: string;
  role: Role;
  tokenHash: string;
  /** Who sent it; null once that user is deleted. */
  invitedBy: string | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  acceptedAt: Timestamp | null;
  acceptedBy: string | null;
}

export interface TeamTables {
  invites: InvitesTable;
}
