/**
 * Single sign-on in the dashboard (beyond.md §10). Invariants: with OIDC configured, the sign-in page
 * offers "Sign in with {OIDC_NAME}" above the password form as a plain link; following it in Chromium
 * to a real provider on loopback (its own login and consent pages), the browser comes back signed in
 * to the dashboard with an account made from the provider's verified email; the account page then
 * says it signs in with single sign-on and has no password to change. Saved at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { freePort } from '../fixtures/processes.ts';
import { type OidcProviderServer, startOidcProvider } from '../servers/oidc-provider.ts';
import { useBrowserEnv } from './harness.ts';

// What the page-side callback below uses of the browser: this file compiles without the DOM library.
declare const document: { documentElement: { scrollWidth: number; clientWidth: number } };

describe.each(DIALECTS)('single sign-on in the dashboard on %s', (dialect) => {
  // The provider registers our callback, so the server's port is chosen before either starts.
  const env: Record<string, string> = { OIDC_NAME: 'Acme SSO' };
  let provider: OidcProviderServer | undefined;
  const email = `ann-${dialect}@acme.test`;
  beforeAll(async () => {
    const port = await freePort();
    provider = await startOidcProvider({ redirectUri: `http://127.0.0.1:${port}/auth/oidc/callback` });
    provider.users.set('ann', { email, email_verified: true });
    Object.assign(env, provider.env(), { PORT: String(port) });
  });
  afterAll(async () => {
    await provider?.close();
  });
  const t = useBrowserEnv({ dialect, name: 'sso', env });
  /** Screenshots at 1280 and at 390 px wide; at 390 the page must not scroll sideways. */
  const shoot = async (screen: string) => {
    await t.screenshot(screen);
    await t.page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => t.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await t.screenshot(`${screen}-390`);
    await t.page.setViewportSize({ width: 1280, height: 860 });
  };

  it('signs in through the provider in Chromium and lands on the dashboard', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.goto('/login');
    const sso = page.getByRole('link', { name: 'Sign in with Acme SSO' });
    await sso.waitFor();
    expect(await sso.getAttribute('href')).toBe('/auth/oidc/start');
    // Above the password form.
    const ssoBox = (await sso.boundingBox())!;
    const emailBox = (await page.getByLabel('Email').boundingBox())!;
    expect(ssoBox.y + ssoBox.height).toBeLessThan(emailBox.y);
    await shoot('login');

    await sso.click();
    await page.waitForURL((url) => url.origin === provider!.issuer);
    await page.locator('input[name="login"]').fill('ann');
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back on our server, signed in: a new account has no project yet, so it is asked for one.
    await page.waitForURL((url) => url.origin === t.url && url.pathname === '/new-project');
    await page.getByRole('heading', { name: 'Create a project' }).waitFor();
    expect(await t.call<{ email: string }>('GET', '/users/@me')).toMatchObject({ email });
    expect(provider!.requests.some((r) => r.startsWith('POST /token'))).toBe(true);
  });

  it('says on the account page that the account signs in with single sign-on', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    const methods = page.getByRole('list', { name: 'Sign-in methods' });
    await methods.getByText('Single sign-on').waitFor();
    await methods.getByText("Through Acme SSO, your company's sign-in.").waitFor();
    expect(await methods.getByText('Password', { exact: true }).count()).toBe(0);
    await page.getByText('This account has no password, so there is none to change.').waitFor();
    expect(await page.getByRole('heading', { name: 'Change password' }).count()).toBe(0);
    expect(await t.call('GET', '/users/@me/sign-in-methods')).toEqual({ password: false, oidc: true, oauth: [] });
    await shoot('account');
  });
});
