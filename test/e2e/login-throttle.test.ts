// Invariant: a login attempt is counted before the slow password hash, atomically, so parallel
// guesses get no more tries than sequential ones (10 per account and client IP in 15 minutes); and a
// stranger's guesses lock only their own address out, not the account's owner elsewhere, until the
// gentler per-account brake (100 from all addresses) is reached.
import { describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ACCOUNT_AND_IP } from '../../src/auth/auth.service.ts';
import { reserveAttempt } from '../../src/auth/users.repo.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('login throttling on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const login = (email: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: ip, payload: { email, password } });

  it('lets 30 parallel wrong guesses from one address have at most 10 tries; the owner elsewhere still signs in', async () => {
    const victim = await t.make.user();
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(victim.email, `wrong guess ${i}`, '198.51.100.7')),
    );
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT_AND_IP);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    for (const r of guesses.filter((g) => g.statusCode === 429)) expectError(r, 429, 'RATE_LIMIT_EXCEEDED');
    // The attacker's address stays locked, even with the right password.
    expectError(await login(victim.email, victim.password, '198.51.100.7'), 429, 'RATE_LIMIT_EXCEEDED');
    // The owner, at another address, is not locked out.
    const owner = await login(victim.email, victim.password, '203.0.113.9');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('brakes an account guessed at from many addresses once the per-account limit is reached', async () => {
    const victim = await t.make.user();
    // What failed guesses from many addresses leave behind (a hundred real ones would mean a hundred
    // slow hashes): the account's count, kept by the same repo function a login uses.
    const count = async (n: number) => {
      const now = t.deps.clock.now();
      for (let i = 0; i < n; i++) {
        await reserveAttempt(t.deps.db, `account:${victim.email}`, MAX_FAILURES_PER_ACCOUNT, now, new Date(0));
      }
    };
    await count(MAX_FAILURES_PER_ACCOUNT - 1);
    expect((await login(victim.email, victim.password, '203.0.113.10')).statusCode).toBe(200);
    await count(2);
    expectError(await login(victim.email, victim.password, '203.0.113.11'), 429, 'RATE_LIMIT_EXCEEDED');
  });
});
