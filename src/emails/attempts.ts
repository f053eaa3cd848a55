/**
 * The email log's record of one delivery attempt (beyond.md §5), built from what the transport
 * answered; the delivery worker writes it with recordAttempts in the transaction of the row's outcome.
 */
import type { Executor } from '../db/index.ts';
import { newId } from '../lib/ids.ts';
import { type SendAccepted, type Transport, TransportError } from '../mail/types.ts';
import { insertAttempts, type NewAttempt } from './attempts.repo.ts';

export type { NewAttempt } from './attempts.repo.ts';

/** The log keeps this much of a response. */
export const RESPONSE_MAX = 500;

/** When and through what an attempt ran, and how long the transport took to answer. */
export interface AttemptTiming {
  /** The server's transport (capture, smtp, ses), or the name of the project's own. */
  transport: string;
  /** What kind of transport it is, when `transport` is a project's transport's name. */
  kind?: Transport['kind'];
  /** The project's own transport; absent for the server's. */
  transportId?: string;
  at: Date;
  durationMs: number;
}

/** Only an SMTP relay's code is an SMTP code: SES's `responseCode` is an HTTP status. */
const isSmtp = (t: AttemptTiming) => (t.kind ?? t.transport) === 'smtp';

const base = (email: { id: string; projectId: string }, t: AttemptTiming) => ({
  id: newId(),
  emailId: email.id,
  projectId: email.projectId,
  at: t.at,
  transport: t.transport,
  transportId: t.transportId ?? null,
  durationMs: Math.max(0, Math.round(t.durationMs)),
});

/** The reply code leading an SMTP response line (`250 2.0.0 Ok: queued`); null for anything else. */
export function smtpCodeOf(response: string | undefined): number | null {
  const m = /^([2-5]\d\d)(?:[ -]|$)/.exec(response ?? '');
  return m ? Number(m[1]) : null;
}

/** The attempt a transport accepted: its reply (or its id when it gives none). */
export function acceptedAttempt(
  email: { id: string; projectId: string },
  t: AttemptTiming,
  accepted: SendAccepted,
): NewAttempt {
  const response = accepted.response ?? accepted.transportMessageId;
  return {
    ...base(email, t),
    result: 'ACCEPTED',
    smtpCode: isSmtp(t) ? smtpCodeOf(response) : null,
    response: response.slice(0, RESPONSE_MAX),
  };
}

/**
 * The attempt that failed with `err`: permanent as the transport judged it, temporary otherwise (a
 * bug or a lost connection is retried like a 4xx). Only an SMTP relay's code is an SMTP code: SES's
 * `responseCode` is an HTTP status.
 */
export function failedAttempt(email: { id: string; projectId: string }, t: AttemptTiming, err: unknown): NewAttempt {
  const permanent = err instanceof TransportError && err.kind === 'permanent';
  const code = err instanceof TransportError && isSmtp(t) ? (err.responseCode ?? null) : null;
  const message = err instanceof Error ? err.message : String(err);
  return {
    ...base(email, t),
    result: permanent ? 'PERMANENT_FAILURE' : 'TEMPORARY_FAILURE',
    smtpCode: code ?? (isSmtp(t) ? smtpCodeOf(message) : null),
    response: message.slice(0, RESPONSE_MAX),
  };
}

/** Writes attempts through `db` (the transaction of their rows' outcomes), in one statement. */
export function recordAttempts(db: Executor, attempts: readonly NewAttempt[]): Promise<void> {
  return insertAttempts(db, attempts);
}
