import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';

describe.each(DIALECTS)('smoke on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  it('signs up', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email: 'a@b.co', password: 'password123' },
    });
    expect(res.statusCode).toBe(201);
  });
});
