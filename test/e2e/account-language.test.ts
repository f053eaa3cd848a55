// Invariant: the dashboard's language is the account's own setting (beyond.md §11): PATCH /users/@me
// stores one of en, de, fr, es or null (follow the browser), GET /users/@me shows it only when set,
// anything else is a 422 naming the field that changes nothing, and one account's choice is never
// another's.

import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('the account language on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  const me = (cookie: string) => t.app.inject({ url: '/users/@me', headers: { cookie } });
  const patch = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/users/@me', headers: cookie ? { cookie } : {}, payload: payload as object });

  it('stores the language on the account and forgets it with null', async () => {
    const user = await t.make.user();
    expect((await me(user.cookie)).json()).not.toHaveProperty('language');
    for (const language of ['de', 'fr', 'es', 'en'] as const) {
      const res = await patch(user.cookie, { language });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, email: user.email, language });
      expect((await me(user.cookie)).json().language).toBe(language);
    }
    const cleared = await patch(user.cookie, { language: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).not.toHaveProperty('language');
    expect((await me(user.cookie)).json()).not.toHaveProperty('language');
  });

  it('refuses a language the dashboard does not speak, or other fields, and keeps the setting', async () => {
    const user = await t.make.user();
    await patch(user.cookie, { language: 'fr' });
    for (const payload of [{ language: 'it' }, { language: 'DE' }, { language: 3 }, {}]) {
      const error = expectError(await patch(user.cookie, payload), 422, 'VALIDATION_ERROR');
      const fields = new Set((error.errors as Array<{ field: string }>).map((e) => e.field));
      expect([...fields], JSON.stringify(payload)).toEqual(['language']);
    }
    // The account's email is not changed here.
    expectError(await patch(user.cookie, { language: 'de', email: 'x@y.test' }), 422, 'VALIDATION_ERROR');
    expect((await me(user.cookie)).json().language).toBe('fr');
  });

  it('needs a session, and changes only the signed-in account', async () => {
    expectError(await patch(undefined, { language: 'de' }), 401, 'UNAUTHORIZED');
    const ann = await t.make.user();
    const bob = await t.make.user();
    await patch(ann.cookie, { language: 'es' });
    expect((await me(bob.cookie)).json()).not.toHaveProperty('language');
    expect((await me(ann.cookie)).json().language).toBe('es');
  });
});
