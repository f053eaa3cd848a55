/**
 * Signing up, creating a project (its secret key shown once), signing out and in, a wrong
 * password's message in the form, and reloads of deep links landing on the same screen.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

describe.each(DIALECTS)('dashboard auth on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'auth' });

  it('signs up, creates a project, signs out and back in', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await t.screenshot('login');

    await page.getByRole('link', { name: 'Create one' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => page.getByText(/email/i).and(page.locator('.text-red-600, [role=alert]')).count())
      .toBeGreaterThan(0);
    await t.screenshot('signup-error');

    await page.getByLabel('Email').fill('founder@example.com');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Create a project' }).waitFor();
    await t.screenshot('new-project');
    await page.getByLabel('Project name').fill('Acme Mail');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'Acme Mail is ready' }).waitFor();
    const secret = await page.getByTestId('secret-key').textContent();
    expect(secret).toMatch(/^sk_/);
    await t.screenshot('project-keys');

    // The key shown once works against the API.
    const res = await fetch(`${t.url}/contacts`, { headers: { authorization: `Bearer ${secret}` } });
    expect(res.status).toBe(200);

    await page.getByRole('button', { name: 'Continue to the project' }).click();
    await page.waitForURL(/\/p\/[\w-]+$/);
    const projectUrl = page.url();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Project' }).inputValue()).not.toBe('');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    // Signed out for real: the deep link now asks to sign in and returns there afterwards.
    await page.goto(projectUrl);
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel('Email').fill('founder@example.com');
    await page.getByLabel('Password').fill('wrong password here');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/invalid|incorrect|password/i);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(projectUrl);
  });

  it('keeps the account page and project screens on reload', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await t.reloadShows('Your account');
    await t.screenshot('account');
  });

  it('refuses an open redirect through ?next=', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.goto('/login?next=//evil.example/x');
    await page.getByLabel('Email').fill('founder@example.com');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/p\/[\w-]+$/);
    expect(new URL(page.url()).host).toBe(new URL(t.url).host);
  });
});
