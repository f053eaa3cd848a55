/** Sign-up and login for dashboard users, with login throttling per account and per client IP. */

import { toBool } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { AppError, conflict, forbidden, tooManyRequests, unauthorized } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import type { UserView } from './auth.schemas.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import * as repo from './users.repo.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_IP = 50;
export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;
export const MAX_SIGNUPS_PER_IP = 10;
const LOGIN_THROTTLED = 'Too many failed login attempts. Try again later.';
const SIGNUP_LIMIT = {
  max: MAX_SIGNUPS_PER_IP,
  windowMs: SIGNUP_WINDOW_MS,
  message: 'Too many sign-ups from this address. Try again later.',
};

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

export function toUserView(u: UserRow): UserView {
  return { id: u.id, email: u.email, emailVerified: toBool(u.emailVerified), createdAt: u.createdAt };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Creates an account; 403 when sign-ups are disabled, 409 when the email is taken. */
export async function signup(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  input: { email: string; password: string },
  ip: string,
) {
  if (deps.config.disableSignups) throw forbidden('Sign-ups are disabled on this server.');
  // Every sign-up costs a deliberately slow hash, so one client may only try a few an hour.
  const now = deps.clock.now();
  const windowStart = new Date(now.getTime() - SIGNUP_WINDOW_MS);
  await assertNotThrottled(deps, `signup-ip:${ip}`, SIGNUP_LIMIT, now);
  await repo.recordFailure(deps.db, `signup-ip:${ip}`, now, windowStart);
  const email = normalizeEmail(input.email);
  const id = newId();
  const passwordHash = await hashPassword(input.password);
  const inserted = await repo.insertUser(deps.db, { id, email, passwordHash, createdAt: deps.clock.now() });
  if (!inserted) throw conflict('An account with this email already exists.');
  return toUserView((await repo.findUserById(deps.db, id))!);
}

/**
 * Checks credentials. Too many recent failures for the account or the IP give 429 before any
 * password work is done; a wrong email or password gives the same 401 either way.
 */
export async function login(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { email: string; password: string },
  ip: string,
): Promise<UserView> {
  const email = normalizeEmail(input.email);
  const now = deps.clock.now();
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const keys = [
    { key: `account:${email}`, max: MAX_FAILURES_PER_ACCOUNT },
    { key: `ip:${ip}`, max: MAX_FAILURES_PER_IP },
  ];
  for (const { key, max } of keys) {
    await assertNotThrottled(deps, key, { max, windowMs: LOGIN_WINDOW_MS, message: LOGIN_THROTTLED }, now);
  }
  const user = await repo.findUserByEmail(deps.db, email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok) {
    for (const { key } of keys) await repo.recordFailure(deps.db, key, now, windowStart);
    throw unauthorized('UNAUTHORIZED', 'Invalid email or password.');
  }
  await repo.deleteThrottle(deps.db, `account:${email}`);
  return toUserView(user);
}

/** 429 with Retry-After when `key` has reached `max` counted attempts within the current window. */
async function assertNotThrottled(
  deps: Pick<Deps, 'db'>,
  key: string,
  limit: { max: number; windowMs: number; message: string },
  now: Date,
) {
  const { max, windowMs } = limit;
  const t = await repo.findThrottle(deps.db, key);
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  if (t && t.failures >= max && t.windowStartedAt >= windowStart) {
    const retryAfter = (new Date(t.windowStartedAt).getTime() + windowMs - now.getTime()) / 1000;
    throw tooManyRequests(limit.message, retryAfter);
  }
}

/** The signed-in user, or 401 when the account no longer exists. */
export async function currentUser(deps: Pick<Deps, 'db'>, userId: string): Promise<UserView> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw new AppError(401, 'UNAUTHORIZED', 'The session is no longer valid; sign in again.');
  return toUserView(user);
}

/** Forgets expired throttle windows (a maintenance job). */
export async function pruneLoginThrottle(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  await repo.deleteThrottlesBefore(deps.db, new Date(deps.clock.now().getTime() - SIGNUP_WINDOW_MS));
}
