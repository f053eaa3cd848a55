/**
 * Templates in the browser: the list's empty state, creating a template in the editor (HTML typed
 * into CodeMirror, the sandboxed preview following it), the API's "unverified domain" refusal shown
 * under the From field, editing and saving, a test send that lands in the outbox, duplicating,
 * deleting after the usage check, and reloads of every screen.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { type BrowserEnv, useBrowserEnv } from './harness.ts';

interface Rec {
  type: string;
  name: string;
  value: string;
}

/** Adds `domain` to the project and publishes its records on the loopback DNS, so it verifies. */
async function verifiedDomain(t: BrowserEnv, projectId: string, domain: string): Promise<void> {
  const added = await t.call<{ id: string; records: Rec[] }>('POST', '/domains', { domain }, projectId);
  for (const r of added.records) if (r.type === 'TXT') t.dns.set(r.name, 'TXT', [r.value]);
  const checked = await t.call<{ verified: boolean }>('GET', `/domains/${added.id}/verify`, undefined, projectId);
  expect(checked.verified).toBe(true);
}

describe.each(DIALECTS)('dashboard templates on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'templates', env: { REQUIRE_VERIFIED_DOMAIN: 'true' } });
  let projectId = '';
  let email = '';
  let templateId = '';

  it('creates a template in the editor, refusing an unverified sender by field', { timeout: 120_000 }, async () => {
    const { page } = t;
    ({ projectId, email } = await t.signUpWithProject('Acme'));
    await verifiedDomain(t, projectId, 'acme.test');

    await page.goto(`/p/${projectId}/templates`);
    await page.getByRole('heading', { name: 'Templates', level: 1 }).waitFor();
    await page.getByText('No templates yet').waitFor();
    await t.screenshot('empty');

    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByRole('heading', { name: 'New template' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Welcome email');
    await page.getByLabel('Type', { exact: true }).selectOption('MARKETING');
    await page.getByLabel('Subject', { exact: true }).fill('Welcome, {{ firstName ?? "friend" }}');
    await page.getByLabel('From address').fill('hello@elsewhere.test');
    await page.getByLabel('From name').fill('Acme');

    // HTML typed into CodeMirror shows in the sandboxed preview (rendered with the sample data).
    const editor = page.getByRole('textbox', { name: 'HTML body' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText('<h1>Hello {{ firstName }}</h1><p>Thanks for joining Acme.</p>');
    const preview = page.frameLocator('iframe[title="Email preview"]');
    await preview.getByRole('heading', { name: 'Hello Ada' }).waitFor();
    await preview.getByText('Unsubscribe').waitFor();
    await expect.poll(() => page.getByTestId('preview-subject').textContent()).toBe('Welcome, Ada');
    expect(await page.locator('iframe[title="Email preview"]').getAttribute('sandbox')).toBe('');

    await page.getByRole('button', { name: 'Create template' }).click();
    const fromField = page.getByLabel('From address');
    await expect.poll(() => fromField.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('The sender hello@elsewhere.test is not on a verified domain of this project.').waitFor();
    await t.screenshot('editor-unverified');
    expect((await t.call<{ total: number }>('GET', '/templates', undefined, projectId)).total).toBe(0);

    await fromField.fill('hello@acme.test');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL(/\/templates\/[0-9a-f-]{36}$/);
    templateId = page.url().split('/').at(-1)!;
    await page.getByRole('heading', { name: 'Welcome email' }).waitFor();
    const saved = await t.call<Record<string, unknown>>('GET', `/templates/${templateId}`, undefined, projectId);
    expect(saved).toMatchObject({
      name: 'Welcome email',
      type: 'MARKETING',
      subject: 'Welcome, {{ firstName ?? "friend" }}',
      from: 'hello@acme.test',
      fromName: 'Acme',
      replyTo: null,
      body: '<h1>Hello {{ firstName }}</h1><p>Thanks for joining Acme.</p>',
    });
    await t.screenshot('editor');
  });

  it('edits and saves only on request, and keeps the editor on reload', { timeout: 120_000 }, async () => {
    const { page } = t;
    const editor = page.getByRole('textbox', { name: 'HTML body' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText('<p>See you soon.</p>');
    await page.getByText('Unsaved changes').waitFor();
    await page.frameLocator('iframe[title="Email preview"]').getByText('See you soon.').waitFor();
    await page.getByLabel('Reply-to').fill('support@acme.test');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/^Saved /).waitFor();
    const saved = await t.call<{ body: string; replyTo: string }>(
      'GET',
      `/templates/${templateId}`,
      undefined,
      projectId,
    );
    expect(saved.body).toBe('<h1>Hello {{ firstName }}</h1><p>Thanks for joining Acme.</p><p>See you soon.</p>');
    expect(saved.replyTo).toBe('support@acme.test');

    await t.reloadShows('Welcome email');
    await page.frameLocator('iframe[title="Email preview"]').getByText('See you soon.').waitFor();
    expect(await page.getByLabel('Reply-to').inputValue()).toBe('support@acme.test');

    // A field error from the API's validation: a reply-to that is not an address.
    await page.getByLabel('Reply-to').fill('not an address');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('must be a valid email address').waitFor();
    expect(await page.getByLabel('Reply-to').getAttribute('aria-invalid')).toBe('true');
    await t.screenshot('editor-field-error');
    await page.getByLabel('Reply-to').fill('support@acme.test');
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);
  });

  it('sends a test of the template that lands in the outbox', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.getByRole('button', { name: 'Send test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a test email' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Send to').inputValue()).toBe(email);
    await t.screenshot('send-test');
    await dialog.getByRole('button', { name: 'Send test' }).click();
    await dialog.getByText(`Test sent to ${email}.`).waitFor();
    await dialog.getByRole('link', { name: 'outbox' }).waitFor();

    type Outbox = { data: Array<{ to: string; subject: string; html: string; from: string }> };
    await expect
      .poll(
        async () =>
          (await t.call<Outbox>('GET', `/outbox?to=${encodeURIComponent(email)}`, undefined, projectId)).data.length,
        { timeout: 15_000 },
      )
      .toBe(1);
    const [message] = (await t.call<Outbox>('GET', `/outbox?to=${encodeURIComponent(email)}`, undefined, projectId))
      .data;
    expect(message!.subject).toBe('[TEST] Welcome, friend');
    expect(message!.html).toContain('Thanks for joining Acme.');
    expect(message!.from).toContain('hello@acme.test');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // At 1024 px the editor and its preview stack instead of sitting side by side.
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.locator('iframe[title="Email preview"]').scrollIntoViewIfNeeded();
    await page.frameLocator('iframe[title="Email preview"]').getByText('See you soon.').waitFor();
    await t.screenshot('editor-1024');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('duplicates, deletes after showing usage, and lists by type', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await page.getByRole('heading', { name: 'Welcome email (copy)' }).waitFor();
    const copyId = page.url().split('/').at(-1)!;
    expect(copyId).not.toBe(templateId);

    await page.getByRole('button', { name: 'Delete template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this template?' });
    await dialog.getByText('No campaign or workflow uses it.').waitFor();
    await t.screenshot('delete');
    await dialog.getByRole('button', { name: 'Delete template' }).click();
    await page.waitForURL(/\/templates$/);
    await page.getByRole('link', { name: 'Welcome email' }).waitFor();
    await expect
      .poll(async () => (await t.call<{ total: number }>('GET', '/templates', undefined, projectId)).total)
      .toBe(1);

    await t.call(
      'POST',
      '/templates',
      { name: 'Password reset', subject: 'Reset', body: '<p>x</p>', type: 'TRANSACTIONAL' },
      projectId,
    );
    await page.reload();
    await page.getByRole('link', { name: 'Password reset' }).waitFor();
    await page.getByText('Marketing', { exact: true }).first().waitFor();
    await t.screenshot('list');

    await page.getByRole('tab', { name: 'Transactional' }).click();
    await page.waitForURL(/type=TRANSACTIONAL/);
    await expect.poll(() => page.getByRole('link', { name: 'Welcome email' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Password reset' }).waitFor();
    await t.reloadShows('Templates');
    await page.getByRole('link', { name: 'Password reset' }).waitFor();

    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByLabel('Search templates').fill('welc');
    await page.waitForURL(/q=welc/);
    await expect.poll(() => page.getByRole('link', { name: 'Password reset' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Welcome email' }).waitFor();
  });
});
