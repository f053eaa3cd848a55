/** SQL of the email log's attempts (email_attempts, migration 0022). */
import type { Executor } from '../db/index.ts';
import type { EmailAttemptResult } from '../db/schema.ts';

/** An email_attempts row (migration 0022). */
export interface NewAttempt {
  id: string;
  emailId: string;
  projectId: string;
  at: Date;
  transport: string;
  /** The project's own transport (migration 0026); null for the server's. */
  transportId: string | null;
  result: EmailAttemptResult;
  smtpCode: number | null;
  response: string;
  durationMs: number;
}

/** Inserts attempts in one statement (the stamper's group, or one failure). */
export async function insertAttempts(db: Executor, attempts: readonly NewAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  await db.insertInto('emailAttempts').values(attempts).execute();
}

/** The email's attempts, oldest first (email_attempts_email_idx; ids are time-ordered). */
export async function listAttempts(db: Executor, projectId: string, emailId: string) {
  return db
    .selectFrom('emailAttempts')
    .select(['id', 'at', 'transport', 'transportId', 'result', 'smtpCode', 'response', 'durationMs'])
    .where('emailId', '=', emailId)
    .where('projectId', '=', projectId)
    .orderBy('id')
    .execute();
}
