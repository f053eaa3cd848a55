/**
 * Email verification, password reset and password change. Answers never reveal whether an account
 * exists: a reset request for any address gets the same 200, and a bad token is one INVALID_TOKEN
 * whether it is unknown, expired, used or meant for something else.
 */
import { toBool } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { unauthorized } from '../errors.ts';
import { sendPasswordResetMail, sendVerificationMail } from './account-mail.ts';
import type { UpdateMeBody, UserView } from './auth.schemas.ts';
import { normalizeEmail, reserveOrThrottle, toUserView } from './auth.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { endUserSessions } from './session.service.ts';
import * as tokensRepo from './tokens.repo.ts';
import { consumeToken, issueToken, peekToken } from './tokens.ts';
import * as repo from './users.repo.ts';

type AccountDeps = Pick<Deps, 'db' | 'dialect' | 'clock' | 'config' | 'deliveryWaker'>;

const HOUR = 3600 * 1000;
/** Reset requests one client IP may make per hour (429 past it). */
const MAX_RESET_REQUESTS_PER_IP = 20;
/** Reset mails one address gets per hour; past it requests are answered as usual but send nothing. */
const MAX_RESET_MAILS_PER_EMAIL = 5;
/** Verification mails one user may ask for per hour. */
const MAX_VERIFICATION_MAILS_PER_USER = 5;
/** Wrong current passwords one user may send to the password change per 15 minutes. */
const MAX_PASSWORD_CHANGE_FAILURES = 10;

export const RESET_REQUESTED =
  'If an account exists for this address, a link to reset its password is on its way. It works for one hour.';

/** Issues a verification token and mails its link (sign-up and resend). */
export async function sendVerification(deps: AccountDeps, user: { id: string; email: string }): Promise<void> {
  const token = await issueToken(deps, user.id, 'VERIFY_EMAIL');
  await sendVerificationMail(deps, user.email, token);
}

/** Verifies the email of the token's user; the token is spent. */
export async function verifyEmail(deps: AccountDeps, token: string): Promise<UserView> {
  const userId = await deps.db.transaction().execute(async (trx) => {
    const id = await consumeToken(deps, trx, token, 'VERIFY_EMAIL');
    await repo.markEmailVerified(trx, id, deps.clock.now());
    return id;
  });
  return toUserView((await repo.findUserById(deps.db, userId))!);
}

/** Resends the verification mail to a signed-in user; nothing is sent when the address is already verified. */
export async function requestVerification(deps: AccountDeps, userId: string): Promise<{ sent: boolean }> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw unauthorized('UNAUTHORIZED', 'Sign in first.');
  if (toBool(user.emailVerified)) return { sent: false };
  await reserveOrThrottle(
    deps,
    { key: `verify-mail:${userId}`, max: MAX_VERIFICATION_MAILS_PER_USER, windowMs: HOUR },
    'Too many verification emails requested. Try again later.',
  );
  await sendVerification(deps, user);
  return { sent: true };
}

/**
 * Mails a reset link when the address has an account. Per client IP the requests are throttled with
 * 429 (the same for every address); per address the mails are capped silently, so the answer never
 * differs between known and unknown addresses, and nobody can flood a mailbox.
 */
export async function requestPasswordReset(deps: AccountDeps, rawEmail: string, ip: string): Promise<void> {
  await reserveOrThrottle(
    deps,
    { key: `reset-ip:${ip}`, max: MAX_RESET_REQUESTS_PER_IP, windowMs: HOUR },
    'Too many password reset requests from this address. Try again later.',
  );
  const email = normalizeEmail(rawEmail);
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) return;
  try {
    await reserveOrThrottle(
      deps,
      { key: `reset-mail:${email}`, max: MAX_RESET_MAILS_PER_EMAIL, windowMs: HOUR },
      'capped',
    );
  } catch {
    return;
  }
  const token = await issueToken(deps, user.id, 'RESET_PASSWORD');
  await sendPasswordResetMail(deps, user.email, token);
}

/**
 * Sets a new password with a reset token and ends every session of the user (whoever had the old
 * password is signed out). The token is checked before the slow hash, then spent atomically with
 * the change; opening the link also proves the mailbox, so the email counts as verified.
 */
export async function resetPassword(deps: AccountDeps, token: string, password: string): Promise<void> {
  await peekToken(deps, token, 'RESET_PASSWORD');
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const userId = await consumeToken(deps, trx, token, 'RESET_PASSWORD');
    await repo.setPasswordHash(trx, userId, passwordHash, now);
    await repo.markEmailVerified(trx, userId, now);
    await tokensRepo.spendUserTokens(trx, userId, 'RESET_PASSWORD', now);
    await endUserSessions({ db: trx, clock: deps.clock }, userId);
  });
}

/**
 * Changes the password of a signed-in user who knows the current one; every other session ends,
 * the caller's stays. Wrong current passwords are throttled per user (a stolen session must not
 * become a password oracle).
 */
/** Saves the account's own settings (the dashboard's language) and answers the user as it now is. */
export async function updateAccountSettings(deps: AccountDeps, userId: string, input: UpdateMeBody): Promise<UserView> {
  await repo.updateUserSettings(deps.db, userId, { language: input.language }, deps.clock.now());
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw unauthorized('UNAUTHORIZED', 'Sign in first.');
  return toUserView(user);
}

export async function changePassword(
  deps: AccountDeps,
  userId: string,
  sessionId: string | undefined,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const key = `password-change:${userId}`;
  await reserveOrThrottle(
    deps,
    { key, max: MAX_PASSWORD_CHANGE_FAILURES, windowMs: 15 * 60 * 1000 },
    'Too many wrong passwords. Try again later.',
  );
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw unauthorized('UNAUTHORIZED', 'Sign in first.');
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw unauthorized('UNAUTHORIZED', 'The current password is wrong.');
  }
  await repo.releaseAttempt(deps.db, key);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await repo.setPasswordHash(trx, userId, passwordHash, deps.clock.now());
    await tokensRepo.spendUserTokens(trx, userId, 'RESET_PASSWORD', deps.clock.now());
    await endUserSessions({ db: trx, clock: deps.clock }, userId, sessionId);
  });
}
