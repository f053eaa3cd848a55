/** Sign-up and login for dashboard users, with login throttling per account and per client IP. */

import { toBool } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { AppError, conflict, forbidden, tooManyRequests, unauthorized } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import type { UserView } from './auth.schemas.ts';
import { oidcOnly, passwordSignInAllowed, passwordSignInDisabled } from './oidc/oidc-only.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import * as repo from './users.repo.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed logins for one account from one client IP: the strict limit, which a stranger elsewhere cannot use up. */
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 10;
/** Failed logins for one account from all clients together: a gentler brake on attacks from many addresses. */
export const MAX_FAILURES_PER_ACCOUNT = 100;
/** Failed logins from one client IP over all accounts. */
export const MAX_FAILURES_PER_IP = 50;
export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;
export const MAX_SIGNUPS_PER_IP = 10;
const LOGIN_THROTTLED = 'Too many failed login attempts. Try again later.';
const SIGNUP_THROTTLED = 'Too many sign-ups from this address. Try again later.';

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

const DASHBOARD_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
const isDashboardLanguage = (value: string): value is NonNullable<UserView['language']> =>
  (DASHBOARD_LANGUAGES as readonly string[]).includes(value);

export function toUserView(u: UserRow): UserView {
  const view: UserView = { id: u.id, email: u.email, emailVerified: toBool(u.emailVerified), createdAt: u.createdAt };
  if (u.language && isDashboardLanguage(u.language)) view.language = u.language;
  return view;
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
  if (oidcOnly(deps)) throw passwordSignInDisabled(deps);
  if (deps.config.disableSignups) throw forbidden('Sign-ups are disabled on this server.');
  // Every sign-up costs a deliberately slow hash, so one client may only try a few an hour.
  const limit = { key: `signup-ip:${ip}`, max: MAX_SIGNUPS_PER_IP, windowMs: SIGNUP_WINDOW_MS };
  await reserveOrThrottle(deps, limit, SIGNUP_THROTTLED);
  const email = normalizeEmail(input.email);
  const id = newId();
  const passwordHash = await hashPassword(input.password);
  const inserted = await repo.insertUser(deps.db, { id, email, passwordHash, createdAt: deps.clock.now() });
  if (!inserted) throw conflict('An account with this email already exists.');
  return toUserView((await repo.findUserById(deps.db, id))!);
}

/**
 * Checks credentials. Each attempt is counted before the slow password hash, by a conditional write
 * per limit (account and IP together; account; IP), so parallel attempts cannot all slip under a
 * limit; past one, 429 with no password work. A wrong email or password gives the same 401 either
 * way. A success gives its counts back and clears the account-and-IP window. With OIDC_ONLY, anyone
 * but the instance's first owner gets 403 PASSWORD_SIGN_IN_DISABLED (oidc/oidc-only.ts).
 */
export async function login(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  input: { email: string; password: string },
  ip: string,
): Promise<UserView> {
  const email = normalizeEmail(input.email);
  const pair = `login:${email}|${ip}`;
  const account = `account:${email}`;
  const client = `ip:${ip}`;
  const windowMs = LOGIN_WINDOW_MS;
  await reserveOrThrottle(deps, { key: pair, max: MAX_FAILURES_PER_ACCOUNT_AND_IP, windowMs }, LOGIN_THROTTLED);
  await reserveOrThrottle(deps, { key: account, max: MAX_FAILURES_PER_ACCOUNT, windowMs }, LOGIN_THROTTLED);
  await reserveOrThrottle(deps, { key: client, max: MAX_FAILURES_PER_IP, windowMs }, LOGIN_THROTTLED);
  const user = await repo.findUserByEmail(deps.db, email);
  // OIDC_ONLY is decided before the password is looked at (no one else's password is ever checked);
  // the first owner's wrong password gets the same 403, after the same hash work, so the answer
  // tells neither whether an account exists nor which one is the first owner's.
  const allowed = await passwordSignInAllowed(deps, user?.id);
  const hash = allowed ? user?.passwordHash : undefined;
  const ok = await verifyPassword(input.password, hash ?? (await dummyPasswordHash()));
  if (!allowed || (oidcOnly(deps) && !ok)) throw passwordSignInDisabled(deps);
  if (!user || !ok) throw unauthorized('UNAUTHORIZED', 'Invalid email or password.');
  await repo.deleteThrottle(deps.db, pair);
  for (const key of [account, client]) await repo.releaseAttempt(deps.db, key);
  return toUserView(user);
}

/** Counts one attempt against `limit`, or answers 429 with Retry-After when its window is full. */
export async function reserveOrThrottle(
  deps: Pick<Deps, 'db' | 'clock'>,
  limit: { key: string; max: number; windowMs: number },
  message: string,
): Promise<void> {
  const now = deps.clock.now();
  const windowStart = new Date(now.getTime() - limit.windowMs);
  if (await repo.reserveAttempt(deps.db, limit.key, limit.max, now, windowStart)) return;
  // Refused: read the window only to say when it ends.
  const t = await repo.findThrottle(deps.db, limit.key);
  const endsAt = t ? new Date(t.windowStartedAt).getTime() + limit.windowMs : now.getTime() + limit.windowMs;
  throw tooManyRequests(message, (endsAt - now.getTime()) / 1000);
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
