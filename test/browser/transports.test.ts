/**
 * Transports in the browser. Invariants: a transport's password is typed once and never shown again
 * (not on the screen, not in any answer); a connection test reaches a loopback SMTP relay with the
 * typed credentials, odd characters included; an edit that does not touch the connection keeps the
 * stored password (the test still passes after it), while a changed server asks for it again; a
 * failed test shows the relay's answer; the email log names the transport of an attempt and shows
 * that the email came through the API; switching off and deleting (after a confirmation)
 * work from the list; the API's 422 shows under the field it names; with no transport the empty
 * state says the server's own transport sends the mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { useBrowserEnv } from './harness.ts';

// What the page-side callbacks below use of the browser: this file compiles without the DOM library.
declare const document: { body: { innerText: string } };

type TransportView = {
  id: string;
  name: string;
  kind: string;
  url: string | null;
  ses: Record<string, unknown> | null;
  priority: number;
  enabled: boolean;
  streams: string[];
};

// Characters a URL would break on unless they are percent-encoded.
const USER = 'relay@mailwright.test';
const PASSWORD = 'p@ss:w/rd#1%';

describe.each(DIALECTS)('transports on %s', (dialect) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink({ auth: { user: USER, pass: PASSWORD } });
  });
  afterAll(async () => {
    await sink?.close();
  });
  // The outbound guard refuses loopback addresses unless allowed, as for webhooks.
  const t = useBrowserEnv({ dialect, name: 'transports', env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
  let projectId = '';
  let secretKey = '';
  const list = async () => t.call<TransportView[]>('GET', '/transports', undefined, projectId);

  it('explains the empty state and shows a 422 under its field', { timeout: 90_000 }, async () => {
    const { page } = t;
    ({ projectId, secretKey } = await t.signUpWithProject('Relay Co'));
    await page.goto(`/p/${projectId}`);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Transports' }).click();
    await page.getByRole('heading', { name: 'Transports', level: 1 }).waitFor();
    await page.getByText('No transports yet').waitFor();
    await page.getByText("mail goes out through the server's own transport").waitFor();
    await t.screenshot('empty');

    await page.getByRole('button', { name: 'Add transport' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a transport' });
    await dialog.getByLabel('Name', { exact: true }).fill('Sink relay');
    await dialog.getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await dialog.getByLabel('Port', { exact: true }).fill(String(sink.port));
    await dialog.getByLabel('User name', { exact: true }).fill(USER);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    // No stream ticked: the API's 422 names `streams`, shown under the group; nothing is created.
    await dialog.getByRole('checkbox', { name: /Transactional/ }).uncheck();
    await dialog.getByRole('checkbox', { name: /Marketing/ }).uncheck();
    await dialog.getByRole('button', { name: 'Add transport' }).click();
    await expect
      .poll(() => dialog.getByRole('group', { name: 'Streams' }).getAttribute('aria-describedby'))
      .toBeTruthy();
    expect(await list()).toEqual([]);

    // A rate the API refuses: its message under the field.
    await dialog.getByRole('checkbox', { name: /Transactional/ }).check();
    await dialog.getByLabel('Rate limit (emails per second)', { exact: true }).fill('0');
    await dialog.getByRole('button', { name: 'Add transport' }).click();
    await expect
      .poll(() => dialog.getByLabel('Rate limit (emails per second)', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    await t.screenshot('field-error');
    expect(await list()).toEqual([]);
  });

  it('adds an SMTP transport and never shows its password again', { timeout: 60_000 }, async () => {
    const { page } = t;
    const dialog = page.getByRole('dialog', { name: 'Add a transport' });
    await dialog.getByLabel('Rate limit (emails per second)', { exact: true }).fill('20');
    await dialog.getByRole('checkbox', { name: /Marketing/ }).check();
    await dialog.getByRole('button', { name: 'Add transport' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const table = page.getByRole('table', { name: 'Transports, in the order they are tried' });
    const row = table.getByRole('row').filter({ hasText: 'Sink relay' });
    await row.getByText(`${USER}@127.0.0.1:${sink.port}`).waitFor();
    await row.getByText('20/s').waitFor();
    await row.getByText('Enabled').waitFor();
    await t.screenshot('list');

    const [saved] = await list();
    expect(saved).toMatchObject({ name: 'Sink relay', kind: 'SMTP', streams: ['TRANSACTIONAL', 'MARKETING'] });
    expect(saved!.url).toMatch(/^smtp:\/\//);
    expect(JSON.stringify(saved)).not.toContain(encodeURIComponent(PASSWORD));
    expect(JSON.stringify(saved)).not.toContain(PASSWORD);
    await t.reloadShows('Transports');
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(PASSWORD);
  });

  it('tests the connection against the relay', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.getByRole('button', { name: 'Test connection of Sink relay' }).click();
    const result = page.getByRole('dialog', { name: 'Connection works' });
    await result.getByTestId('transport-test-result').waitFor();
    await t.screenshot('test-ok');
    await result.getByRole('button', { name: 'Done' }).click();
    await result.waitFor({ state: 'hidden' });
    // Connected and authenticated only: nothing was sent.
    expect(sink.messages).toEqual([]);
  });

  it('edits the priority, keeping the stored password', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.getByRole('button', { name: 'Edit Sink relay' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Sink relay' });
    // The password is never put back in the form.
    expect(await edit.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await edit.getByText('Leave empty to keep the stored one').first().waitFor();
    expect(await edit.getByLabel('User name', { exact: true }).inputValue()).toBe(USER);
    await edit.getByLabel('Priority', { exact: true }).fill('5');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: 'Sink relay' });
    await row.getByRole('cell', { name: '5', exact: true }).waitFor();
    expect((await list())[0]).toMatchObject({ priority: 5 });

    await page.getByRole('button', { name: 'Test connection of Sink relay' }).click();
    await page.getByRole('dialog', { name: 'Connection works' }).getByRole('button', { name: 'Done' }).click();
  });

  it("shows a failed test with the relay's answer, and a changed server asks for the password again", {
    timeout: 60_000,
  }, async () => {
    const { page } = t;
    const edit = page.getByRole('dialog', { name: 'Edit Sink relay' });
    // A new port without the password: the form asks for it, since the URL replaces the credentials.
    await page.getByRole('button', { name: 'Edit Sink relay' }).click();
    await edit.getByLabel('Port', { exact: true }).fill('1');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await edit.getByText('Type the password again').waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'hidden' });

    // A wrong password: the test fails with the relay's 535.
    await page.getByRole('button', { name: 'Edit Sink relay' }).click();
    await edit.getByLabel('Password', { exact: true }).fill('not-the-password');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Test connection of Sink relay' }).click();
    const failed = page.getByRole('dialog', { name: 'Connection failed' });
    await failed.getByText(/535/).waitFor();
    await t.screenshot('test-failed');
    await failed.getByRole('button', { name: 'Done' }).click();

    // The right one again: the test passes.
    await page.getByRole('button', { name: 'Edit Sink relay' }).click();
    await edit.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Test connection of Sink relay' }).click();
    await page.getByRole('dialog', { name: 'Connection works' }).getByRole('button', { name: 'Done' }).click();
  });

  it('adds an SES transport whose secret is not shown either', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.getByRole('button', { name: 'Add transport' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a transport' });
    await dialog.getByRole('radio', { name: /Amazon SES/ }).check();
    await dialog.getByLabel('Region', { exact: true }).fill('eu-west-1');
    await dialog.getByLabel('Access key ID', { exact: true }).fill('AKIAEXAMPLE123');
    await dialog.getByLabel('Secret access key', { exact: true }).fill('ses-secret-never-shown');
    await dialog.getByRole('checkbox', { name: /Transactional/ }).uncheck();
    await dialog.getByLabel('Priority', { exact: true }).fill('200');
    // A name the project already has: the API's 409 shows under the name.
    await dialog.getByLabel('Name', { exact: true }).fill('Sink relay');
    await dialog.getByRole('button', { name: 'Add transport' }).click();
    await expect.poll(() => dialog.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Name', { exact: true }).fill('SES backup');
    await t.screenshot('add-ses');
    await dialog.getByRole('button', { name: 'Add transport' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: 'SES backup' });
    await row.getByText('SES eu-west-1').waitFor();
    const views = await list();
    expect(views.map((v) => v.name)).toEqual(['Sink relay', 'SES backup']);
    expect(views[1]).toMatchObject({ kind: 'SES', ses: { region: 'eu-west-1', accessKeyId: 'AKIAEXAMPLE123' } });
    expect(JSON.stringify(views)).not.toContain('ses-secret-never-shown');
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('ses-secret-never-shown');
  });

  it('names the transport of each attempt in the email log, and how the email arrived', {
    timeout: 60_000,
  }, async () => {
    const { page } = t;
    // A verified sending domain (records on the loopback DNS server), then one email through the API.
    const domain = `relay-${dialect}.test`;
    const added = await t.call<{ id: string; records: Array<{ type: string; name: string; value: string }> }>(
      'POST',
      '/domains',
      { domain },
      projectId,
    );
    for (const r of added.records) if (r.type === 'TXT') t.dns.set(r.name, 'TXT', [r.value]);
    await t.call('GET', `/domains/${added.id}/verify`, undefined, projectId);
    const res = await fetch(`${t.url}/v1/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        to: 'ada@example.com',
        from: `hi@${domain}`,
        subject: 'Through the relay',
        body: '<p>Hi</p>',
      }),
    });
    expect(res.status).toBe(200);
    // Transactional mail goes through Sink relay (the SES transport carries marketing mail only).
    const [mail] = await sink.waitFor(1);
    expect(mail!.subject).toBe('Through the relay');

    await page.goto(`/p/${projectId}/emails`);
    const row = page
      .getByRole('table', { name: 'Emails, newest first' })
      .getByRole('row')
      .filter({ hasText: 'Through the relay' });
    await row.getByText('API', { exact: true }).waitFor();
    await row.getByRole('link', { name: 'Through the relay' }).click();
    const attempts = page.getByRole('list', { name: 'Delivery attempts, oldest first' });
    await attempts.getByText('Accepted').waitFor();
    await t.screenshot('email-attempt');
    await attempts.getByRole('link', { name: 'Sink relay' }).click();
    await page.getByRole('heading', { name: 'Transports', level: 1 }).waitFor();
  });

  it('switches a transport off and deletes them after a confirmation', { timeout: 60_000 }, async () => {
    const { page } = t;
    const toggle = page.getByRole('switch', { name: 'Sink relay enabled' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await page.getByRole('row').filter({ hasText: 'Sink relay' }).getByText('Disabled').waitFor();
    expect((await list()).find((v) => v.name === 'Sink relay')).toMatchObject({ enabled: false });
    // SES backup carries marketing mail; transactional mail has no enabled transport now.
    await page.getByText('No enabled transport carries transactional mail').waitFor();

    for (const name of ['Sink relay', 'SES backup']) {
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: `Delete “${name}”?` });
      // Cancel first: nothing happens.
      if (name === 'Sink relay') {
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await confirm.waitFor({ state: 'hidden' });
        expect(await list()).toHaveLength(2);
        await page.getByRole('button', { name: `Delete ${name}` }).click();
      }
      await confirm.getByRole('button', { name: 'Delete transport' }).click();
      await confirm.waitFor({ state: 'hidden' });
    }
    await page.getByText('No transports yet').waitFor();
    expect(await list()).toEqual([]);
  });
});
