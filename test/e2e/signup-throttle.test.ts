// Invariant: one client cannot make the server hash passwords without bound by signing up over and
// over; past the hourly allowance the answer is 429 before any hashing, and nothing is created.
import { describe, expect, it } from 'vitest';
import { MAX_SIGNUPS_PER_IP } from '../../src/auth/auth.service.ts';
import { DIALECTS, useTestEnv } from '../env.ts';

describe.each(DIALECTS)('sign-up throttling on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const signup = (email: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: ip,
      payload: { email, password: 'a long password' },
    });

  it('refuses a client past its hourly allowance with 429 and Retry-After, other clients unaffected', async () => {
    for (let i = 0; i < MAX_SIGNUPS_PER_IP; i++) {
      expect((await signup(`s${i}@example.test`, '192.0.2.7')).statusCode).toBe(201);
    }
    const refused = await signup('one-more@example.test', '192.0.2.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'one-more@example.test', password: 'a long password' },
    });
    expect(login.statusCode).toBe(401);
    expect((await signup('other-client@example.test', '192.0.2.8')).statusCode).toBe(201);
  });
});
