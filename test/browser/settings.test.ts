/**
 * Project settings in the browser: General (name, tracking, send rate, language; deleting a
 * project), API keys (rotation shows the new secret once; the old key is refused), Members (invite
 * by email: 202 pending or 201 added, roles, the last owner's 409, revoking), Security (health and a
 * reset with its progress), and what a MEMBER and an ADMIN are shown, read from the permissions the
 * projects answer carries. SMTP submission's card explains how to turn it on. A second server with
 * Stripe (a loopback fake), an SMTP relay that refuses a recipient and SMTP submission on covers
 * Billing, a suspension lifted from the Security page and the submission settings (host, port, TLS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { freePort } from '../fixtures/processes.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { type StripeApiServer, startStripeApi } from '../servers/stripe-api.ts';
import { useBrowserEnv } from './harness.ts';

type ProjectRow = {
  id: string;
  name: string;
  tracking: string;
  sendRatePerSecond: number | null;
  defaultLocale: string | null;
  secretKeyHint: string;
  publicKey: string;
  disabled: boolean;
};
type Team = { members: Array<{ email: string; role: string }>; invites: Array<{ id: string; email: string }> };

async function signUpElsewhere(url: string, email: string): Promise<void> {
  const res = await fetch(`${url}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery staple' }),
  });
  if (res.status >= 300) throw new Error(`signup ${email}: ${res.status} ${await res.text()}`);
}

describe.each(DIALECTS)('settings on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'settings' });
  let projectId = '';
  let secretKey = '';
  let ownerEmail = '';

  const project = async () =>
    (await t.call<ProjectRow[]>('GET', '/users/@me/projects')).find((p) => p.id === projectId)!;

  it('saves the general settings and keeps them across a reload', { timeout: 60_000 }, async () => {
    const { page } = t;
    ({ projectId, secretKey, email: ownerEmail } = await t.signUpWithProject('Acme'));
    await page.goto(`/p/${projectId}/settings`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Settings pages' });
    await nav.getByRole('link', { name: 'General' }).waitFor();
    // No billing on this server: no tab for it.
    expect(await nav.getByRole('link', { name: 'Billing' }).count()).toBe(0);
    await expect.poll(() => page.getByLabel('Project name').inputValue()).toBe('Acme');
    expect(await page.getByRole('radio', { name: /All email/ }).isChecked()).toBe(true);

    await page.getByLabel('Project name').fill('Acme Mail');
    await page.getByRole('radio', { name: /Marketing email only/ }).check();
    await page.getByLabel('Send rate (emails per second)').fill('lots');
    await page.getByLabel('Default language').selectOption('de');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Enter a whole number of emails per second').waitFor();
    await t.screenshot('general-error');
    await page.getByLabel('Send rate (emails per second)').fill('250000');
    await page.getByRole('button', { name: 'Save changes' }).click();
    // The API's own limit, under the field.
    await expect.poll(() => page.getByLabel('Send rate (emails per second)').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Send rate (emails per second)').fill('25');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Settings saved.').waitFor();
    // The project switcher shows the new name at once.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Project' }).locator('option:checked').textContent())
      .toBe('Acme Mail');
    expect(await project()).toMatchObject({
      name: 'Acme Mail',
      tracking: 'MARKETING_ONLY',
      sendRatePerSecond: 25,
      defaultLocale: 'de',
    });

    await t.reloadShows('Settings');
    await expect.poll(() => page.getByRole('radio', { name: /Marketing email only/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Default language').inputValue()).toBe('de');
    expect(await page.getByLabel('Send rate (emails per second)').inputValue()).toBe('25');
    await t.screenshot('general');
    await page.setViewportSize({ width: 1024, height: 800 });
    await t.screenshot('general-1024');
    await page.setViewportSize({ width: 1280, height: 860 });

    // Back to tracking everything and the server's default rate.
    await page.getByRole('radio', { name: /All email/ }).check();
    await page.getByLabel('Send rate (emails per second)').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await project()).tracking).toBe('ENABLED');
    expect((await project()).sendRatePerSecond).toBeNull();
  });

  it('explains how to turn SMTP submission on when the server does not listen for it', {
    timeout: 60_000,
  }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/settings`);
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'SMTP submission' }) });
    await card.getByText('This server does not take mail over SMTP').waitFor();
    for (const name of ['SMTP_SUBMISSION_PORT', 'SMTP_SUBMISSION_TLS_CERT', 'SMTP_SUBMISSION_TLS_KEY']) {
      await card.getByText(name, { exact: true }).waitFor();
    }
    expect(await card.getByTestId('smtp-port').count()).toBe(0);
    expect(await t.call('GET', '/smtp-submission', undefined, projectId)).toMatchObject({ enabled: false });
  });

  it('rotates the keys: the new secret is shown once, the old one is refused', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/settings/keys`);
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await t.reloadShows('API keys');
    const before = await project();
    await page.getByTestId('secret-key-hint').getByText(before.secretKeyHint, { exact: false }).waitFor();
    expect(await page.getByTestId('public-key-current').textContent()).toBe(before.publicKey);
    await page
      .getByTestId('webhook-secret')
      .getByText(/^whsec_•+$/)
      .waitFor();
    await page.getByRole('button', { name: 'Reveal' }).click();
    await page
      .getByTestId('webhook-secret')
      .getByText(/^whsec_[\w-]{20,}$/)
      .waitFor();
    await t.screenshot('keys');

    await page.getByRole('button', { name: 'Rotate keys' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate both API keys?' });
    await confirm.getByText(/stop working/).waitFor();
    await t.screenshot('keys-confirm');
    await confirm.getByRole('button', { name: 'Rotate keys' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new keys' });
    await shown.getByText(/shown only this once/).waitFor();
    const fresh = (await shown.getByTestId('secret-key').textContent()) ?? '';
    expect(fresh).toMatch(/^sk_/);
    expect(fresh).not.toBe(secretKey);
    await t.screenshot('keys-new');

    const withKey = (key: string) => fetch(`${t.url}/contacts`, { headers: { authorization: `Bearer ${key}` } });
    expect((await withKey(secretKey)).status).toBe(401);
    expect((await withKey(fresh)).status).toBe(200);

    await shown.getByRole('button', { name: 'I have saved the secret key' }).click();
    await page.getByText('Keys rotated. The old keys no longer work.').waitFor();
    expect(await page.getByTestId('secret-key').count()).toBe(0);
    const after = await project();
    expect(fresh.endsWith(after.secretKeyHint)).toBe(true);
    await page.getByTestId('secret-key-hint').getByText(after.secretKeyHint, { exact: false }).waitFor();
    expect(await page.getByTestId('public-key-current').textContent()).toBe(after.publicKey);
    expect(after.publicKey).not.toBe(before.publicKey);
    // Shown once: after a reload only the hint is left.
    await t.reloadShows('API keys');
    expect(await page.getByText(fresh).count()).toBe(0);
    secretKey = fresh;
  });

  it('invites people, changes a role, shows the last-owner refusal and revokes an invite', {
    timeout: 90_000,
  }, async () => {
    const { page } = t;
    const stamp = `${dialect}-${Date.now()}`;
    const newcomer = `newcomer-${stamp}@example.com`;
    const existing = `colleague-${stamp}@example.com`;
    await signUpElsewhere(t.url, existing);

    await page.goto(`/p/${projectId}/settings/members`);
    await page.getByRole('heading', { name: 'Invite a teammate' }).waitFor();
    await page.getByText('No pending invitations').waitFor();
    await t.reloadShows('Members');

    // No account yet: an invitation is mailed (202).
    await page.getByLabel('Email address').fill(newcomer);
    await page.getByLabel('Role', { exact: true }).selectOption('ADMIN');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Invitation sent to ${newcomer}` })
      .first()
      .waitFor();
    const invites = page.getByRole('table', { name: 'Pending invitations' });
    await invites.getByRole('row').filter({ hasText: newcomer }).getByText('Admin').waitFor();

    // An account exists: added at once (201).
    await page.getByLabel('Email address').fill(existing);
    await page.getByLabel('Role', { exact: true }).selectOption('MEMBER');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${existing} already had an account` })
      .first()
      .waitFor();
    const members = page.getByRole('table', { name: 'Project members' });
    await members.getByRole('row').filter({ hasText: existing }).waitFor();
    await t.screenshot('members');
    await page.setViewportSize({ width: 1024, height: 800 });
    await t.screenshot('members-1024');
    await page.setViewportSize({ width: 1280, height: 860 });

    // Promote the colleague.
    await page.getByLabel(`Role of ${existing}`).selectOption('ADMIN');
    await page.getByText(`${existing} is now Admin.`).waitFor();
    let team = await t.call<Team>('GET', `/projects/${projectId}/members`);
    expect(team.members.find((m) => m.email === existing)?.role).toBe('ADMIN');

    // The only owner cannot step down: the API's 409 is shown and the role goes back.
    const me = team.members.find((m) => m.role === 'OWNER')!;
    await page.getByLabel(`Role of ${me.email}`).selectOption('MEMBER');
    await page.getByRole('alert').filter({ hasText: /owner/i }).waitFor();
    await expect.poll(() => page.getByLabel(`Role of ${me.email}`).inputValue()).toBe('OWNER');
    await t.screenshot('members-last-owner');

    // Revoke the pending invitation, after a confirmation: cancelling keeps it.
    await invites.getByRole('button', { name: `Revoke the invitation to ${newcomer}` }).click();
    const revoke = page.getByRole('dialog', { name: `Revoke the invitation to ${newcomer}?` });
    await revoke.getByRole('button', { name: 'Cancel' }).click();
    await invites.getByRole('row').filter({ hasText: newcomer }).waitFor();
    expect((await t.call<Team>('GET', `/projects/${projectId}/members`)).invites).toHaveLength(1);
    await invites.getByRole('button', { name: `Revoke the invitation to ${newcomer}` }).click();
    await revoke.getByRole('button', { name: 'Revoke invitation' }).click();
    await page.getByText(`Invitation to ${newcomer} revoked.`).waitFor();
    await page.getByText('No pending invitations').waitFor();
    team = await t.call<Team>('GET', `/projects/${projectId}/members`);
    expect(team.invites).toEqual([]);

    // Remove the colleague again, after a confirmation.
    await members.getByRole('button', { name: `Remove ${existing}` }).click();
    await page
      .getByRole('dialog', { name: `Remove ${existing}?` })
      .getByRole('button', { name: 'Remove member' })
      .click();
    await page.getByText(`${existing} was removed from the project.`).waitFor();
    team = await t.call<Team>('GET', `/projects/${projectId}/members`);
    expect(team.members.map((m) => m.email)).toEqual([me.email]);
    await t.reloadShows('Members');
  });

  it('shows sending health and resets the project data with progress', { timeout: 60_000 }, async () => {
    const { page } = t;
    await t.call('POST', '/contacts', { email: 'ann@example.com' }, projectId);
    await page.goto(`/p/${projectId}/settings/security`);
    await page.getByRole('heading', { name: 'Sending health' }).waitFor();
    await page.getByText('Bounce rate', { exact: true }).waitFor();
    await page.getByText('Complaint rate', { exact: true }).waitFor();
    await page.getByText('Never suspended').waitFor();
    await t.reloadShows('Sending health');
    await t.screenshot('security');

    await page.getByRole('button', { name: 'Reset data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Acme Mail?' });
    const go = dialog.getByRole('button', { name: 'Delete all data' });
    await dialog.getByLabel('Type Acme Mail to confirm').fill('Acme');
    expect(await go.isDisabled()).toBe(true);
    await dialog.getByLabel('Type Acme Mail to confirm').fill('Acme Mail');
    await go.click();
    await page.getByText('Reset complete').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('reset')).toMatch(/^[\w-]+$/);
    await t.screenshot('security-reset');
    // The progress is a deep link too.
    await t.reloadShows('Sending health');
    await page.getByText('Reset complete').waitFor();
    const contacts = await t.call<{ total: number }>('GET', '/contacts', undefined, projectId);
    expect(contacts.total).toBe(0);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    expect(new URL(page.url()).searchParams.get('reset')).toBeNull();
  });

  it('deletes a project after its name is typed', { timeout: 60_000 }, async () => {
    const { page } = t;
    const doomed = await t.call<{ id: string }>('POST', '/users/@me/projects', { name: 'Scratch' });
    await page.goto(`/p/${doomed.id}/settings`);
    await page.getByRole('button', { name: 'Delete project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Scratch?' });
    expect(await dialog.getByRole('button', { name: 'Delete forever' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Type Scratch to confirm').fill('Scratch');
    await t.screenshot('delete-project');
    await dialog.getByRole('button', { name: 'Delete forever' }).click();
    await page.waitForURL((url) => !url.pathname.includes(doomed.id));
    const projects = await t.call<ProjectRow[]>('GET', '/users/@me/projects');
    expect(projects.map((p) => p.id)).not.toContain(doomed.id);
  });

  it('shows a member and an admin only the actions their permissions allow', { timeout: 90_000 }, async () => {
    const { page } = t;
    const stamp = `${dialect}-${Date.now()}`;
    const member = `member-${stamp}@example.com`;
    const admin = `admin-${stamp}@example.com`;
    await signUpElsewhere(t.url, member);
    await signUpElsewhere(t.url, admin);
    await t.call('POST', `/projects/${projectId}/members`, { email: member, role: 'MEMBER' });
    await t.call('POST', `/projects/${projectId}/members`, { email: admin, role: 'ADMIN' });
    const spare = await t.call<{ id: string }>('POST', '/domains', { domain: `perm-${stamp}.test` }, projectId);
    // The API request context shares the page's cookies: this switches the browser's user.
    const signInAs = async (email: string) => {
      await t.call('GET', '/auth/logout');
      await t.call('POST', '/auth/login', { email, password: 'correct horse battery staple' });
    };

    // A MEMBER: every screen waits for something it shows, then the actions it may not use are absent.
    await signInAs(member);
    type Access = { id: string; permissions: string[]; assignableRoles: string[] };
    const access = async () => (await t.call<Access[]>('GET', '/users/@me/projects')).find((p) => p.id === projectId)!;
    expect(await access()).toMatchObject({ assignableRoles: [] });
    expect((await access()).permissions).not.toContain('domains.manage');
    await page.goto(`/p/${projectId}/settings`);
    await page.getByText('Your role does not let you change these settings.').waitFor();
    expect(await page.getByLabel('Project name').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete project' }).count()).toBe(0);
    await page.goto(`/p/${projectId}/settings/keys`);
    await page.getByText('Your role does not let you rotate the keys.').waitFor();
    expect(await page.getByRole('button', { name: 'Rotate keys' }).count()).toBe(0);
    await page.goto(`/p/${projectId}/settings/members`);
    const members = page.getByRole('table', { name: 'Project members' });
    await members.getByRole('button', { name: `Leave ${member}` }).waitFor();
    expect(await page.getByRole('heading', { name: 'Invite a teammate' }).count()).toBe(0);
    expect(await page.getByLabel(`Role of ${admin}`).count()).toBe(0);
    expect(await members.getByRole('button', { name: `Remove ${admin}` }).count()).toBe(0);
    await page.goto(`/p/${projectId}/settings/security`);
    await page.getByRole('heading', { name: 'Reset project data' }).waitFor();
    await page.getByText(/Your role does not let you reset the project's data/).waitFor();
    expect(await page.getByRole('button', { name: 'Reset data' }).count()).toBe(0);
    await page.goto(`/p/${projectId}/domains`);
    await page.getByText(/Your role does not let you add or remove a domain/).waitFor();
    expect(await page.getByRole('button', { name: 'Add domain' }).count()).toBe(0);
    await page.goto(`/p/${projectId}/domains/${spare.id}`);
    await page.getByRole('button', { name: 'Verify now' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    // Transports hold relay credentials: a MEMBER reads the list and changes nothing.
    expect((await access()).permissions).not.toContain('transports.manage');
    await page.goto(`/p/${projectId}/transports`);
    await page.getByText(/Your role does not let you add, change or test them/).waitFor();
    expect(await page.getByRole('button', { name: 'Add transport' }).count()).toBe(0);
    await t.screenshot('permissions-member');

    // An ADMIN manages domains, keys and the team, hands out Member and Admin only, and deletes nothing.
    await signInAs(admin);
    expect((await access()).permissions).toContain('domains.manage');
    await page.goto(`/p/${projectId}/domains`);
    await page.getByRole('button', { name: 'Add domain' }).first().waitFor();
    expect(await page.getByText(/Your role does not let you add or remove a domain/).count()).toBe(0);
    await page.goto(`/p/${projectId}/domains/${spare.id}`);
    await page.getByRole('button', { name: 'Delete' }).waitFor();
    await page.goto(`/p/${projectId}/transports`);
    await page.getByRole('button', { name: 'Add transport' }).first().waitFor();
    await page.goto(`/p/${projectId}/settings/keys`);
    await page.getByRole('button', { name: 'Rotate keys' }).waitFor();
    await page.goto(`/p/${projectId}/settings/members`);
    await page.getByRole('heading', { name: 'Invite a teammate' }).waitFor();
    const offered = await page.getByLabel('Role', { exact: true }).locator('option').allTextContents();
    expect(offered.sort()).toEqual(['Admin', 'Member']);
    await page.getByLabel(`Role of ${member}`).waitFor();
    expect(await page.getByLabel(`Role of ${ownerEmail}`).count()).toBe(0);
    await page.goto(`/p/${projectId}/settings`);
    await expect.poll(() => page.getByLabel('Project name').isEnabled()).toBe(true);
    await page.getByRole('heading', { name: 'Delete this project' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete project' }).count()).toBe(0);

    // The screens read the permission from the projects answer, not from the role: the same ADMIN,
    // given an answer without 'domains.manage', is shown no domain actions.
    await page.route('**/users/@me/projects', async (route) => {
      const res = await route.fetch();
      const projects = (await res.json()) as Access[];
      const permissions = (p: Access) => p.permissions.filter((name) => name !== 'domains.manage');
      await route.fulfill({ response: res, json: projects.map((p) => ({ ...p, permissions: permissions(p) })) });
    });
    await page.goto(`/p/${projectId}/domains`);
    await page.getByText(/Your role does not let you add or remove a domain/).waitFor();
    expect(await page.getByRole('button', { name: 'Add domain' }).count()).toBe(0);
    await page.unroute('**/users/@me/projects');
  });
});

describe.each(DIALECTS)('billing and suspension on %s', (dialect) => {
  let stripe: StripeApiServer;
  let sink: SmtpSink;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    stripe = await startStripeApi();
    sink = await startSmtpSink({ rejectRecipients: (rcpt) => rcpt.startsWith('nouser') });
    Object.assign(env, {
      STRIPE_SECRET_KEY: 'sk_test_mailwright',
      STRIPE_PRICE_ID: 'price_test_pro',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
      STRIPE_API_URL: stripe.url,
      SMTP_URL: sink.url,
      MAIL_TRANSPORT: 'smtp',
      SUSPEND_MIN_VOLUME: '1',
      // SMTP submission on, without a certificate: the settings card shows it with its warning.
      SMTP_SUBMISSION_PORT: String(await freePort()),
      SMTP_SUBMISSION_ALLOW_INSECURE: 'true',
      SMTP_SUBMISSION_HOST: 'mail.paid.test',
    });
  });
  afterAll(async () => {
    await stripe?.close();
    await sink?.close();
  });
  const t = useBrowserEnv({ dialect, name: 'billing', env });

  it('sets limits, shows consumption and sends the owner to Stripe checkout', { timeout: 60_000 }, async () => {
    const { page } = t;
    const { projectId } = await t.signUpWithProject('Paid');
    await page.goto(`/p/${projectId}/settings/billing`);
    await page.getByRole('heading', { name: 'This billing period' }).waitFor();
    await page.getByText('No invoices yet').waitFor();
    await page.getByText('0 sent · no cap').first().waitFor();
    await t.reloadShows('This billing period');

    await page.getByLabel('Transactional cap').fill('1000');
    await page.getByLabel('Marketing cap').fill('-5');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await page.getByText('Enter a whole number of emails').waitFor();
    await page.getByLabel('Marketing cap').fill('');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await page.getByText('Limits saved.').waitFor();
    await page.getByText('0 of 1,000').waitFor();
    const limits = await t.call('GET', `/users/@me/projects/${projectId}/billing-limits`);
    expect(limits).toEqual({ transactional: 1000, marketing: null, workflow: null });
    await t.screenshot('billing');

    // The portal needs a Stripe customer first: the API's 409 is shown.
    await page.getByRole('button', { name: 'Open billing portal' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /checkout first/ })
      .waitFor();

    await page.route('https://checkout.stripe.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Stripe Checkout</title><h1>Pay</h1>' }),
    );
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.test\//);
    expect(stripe.calls('POST', '/v1/checkout/sessions')).toHaveLength(1);
  });

  it('shows the SMTP submission settings with the port the server listens on', { timeout: 60_000 }, async () => {
    const { page } = t;
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
    const { projectId } = await t.signUpWithProject('Submitter');
    await page.goto(`/p/${projectId}/settings`);
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'SMTP submission' }) });
    await expect.poll(() => card.getByTestId('smtp-port').textContent()).toBe(env.SMTP_SUBMISSION_PORT);
    expect(await card.getByTestId('smtp-host').textContent()).toBe('mail.paid.test');
    await card.getByText('Any user name works').waitFor();
    await card.getByText("Your project's secret key").waitFor();
    // No certificate: no STARTTLS, and the warning that the key would cross the network in clear.
    await card.getByText('None', { exact: true }).waitFor();
    await card
      .getByRole('note')
      .getByText(/clear text/)
      .waitFor();
    await card.getByRole('button', { name: 'Copy port' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(env.SMTP_SUBMISSION_PORT);
    await t.screenshot('smtp-submission');
    expect(await t.call('GET', '/smtp-submission', undefined, projectId)).toMatchObject({
      enabled: true,
      host: 'mail.paid.test',
      port: Number(env.SMTP_SUBMISSION_PORT),
      tls: null,
      insecureAuthAllowed: true,
    });

    // The password is the secret key: the card leads to where it is rotated.
    await card.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'Rotate keys' }).waitFor();
  });

  it('shows a suspension and lets the owner reinstate the project', { timeout: 90_000 }, async () => {
    const { page } = t;
    const { projectId, secretKey } = await t.signUpWithProject('Risky');
    // A verified domain to send from (the SMTP transport requires one).
    const domain = `risky-${dialect}.test`;
    const added = await t.call<{ id: string; records: Array<{ type: string; name: string; value: string }> }>(
      'POST',
      '/domains',
      { domain },
      projectId,
    );
    for (const r of added.records) if (r.type === 'TXT') t.dns.set(r.name, 'TXT', [r.value]);
    await t.call('GET', `/domains/${added.id}/verify`, undefined, projectId);
    // One send, refused by the relay: a 100 % bounce rate over the minimum volume of 1.
    const res = await fetch(`${t.url}/v1/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'nouser@example.com', from: `a@${domain}`, subject: 'Hi', body: '<p>Hi</p>' }),
    });
    expect(res.status).toBe(200);
    await expect
      .poll(async () => (await t.call<{ disabled: boolean }>('GET', `/projects/${projectId}/security`)).disabled, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(true);

    await page.goto(`/p/${projectId}/settings/security`);
    await page.getByRole('heading', { name: 'Sending is suspended' }).waitFor();
    await page
      .getByText(/Bounce rate too high/)
      .first()
      .waitFor();
    const history = page.getByRole('table', { name: 'Suspensions, newest first' });
    await history.getByText('Active').waitFor();
    await t.reloadShows('Sending is suspended');
    await t.screenshot('security-suspended');

    await page.getByRole('button', { name: 'Reinstate project' }).click();
    await page.getByText('Project reinstated: sending is back on.').waitFor();
    expect(await page.getByRole('heading', { name: 'Sending is suspended' }).count()).toBe(0);
    await expect.poll(() => page.getByText(/This project is suspended/).count()).toBe(0);
    expect(await history.getByText('Active').count()).toBe(0);
    const security = await t.call<{ disabled: boolean }>('GET', `/projects/${projectId}/security`);
    expect(security.disabled).toBe(false);
    await t.screenshot('security-reinstated');

    // No capture outbox on a server that sends: the deep link says so.
    await page.goto(`/p/${projectId}/outbox`);
    await page.getByText('This server sends real mail').waitFor();
    expect(await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Outbox' }).count()).toBe(
      0,
    );
  });
});
