/**
 * Event webhooks in the browser. Invariants: an endpoint's signing secret is shown once, right after
 * the create (and after a rotation), never in any later answer or screen; a test message reaches a
 * loopback receiver and its answer is shown; the message is in the endpoint's log with its payload
 * and attempts, and a retry re-sends it with the same `webhook-id`; editing, switching off, rotating
 * and deleting work from the endpoint's page. A bad URL is refused with the API's message under the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { type HttpListener, startHttpListener } from '../servers/http-listener.ts';
import { useBrowserEnv } from './harness.ts';

// What the page-side callbacks below use of the browser: this file compiles without the DOM library.
declare const document: { body: { innerText: string } };

describe.each(DIALECTS)('webhook endpoints on %s', (dialect) => {
  let receiver: HttpListener;
  beforeAll(async () => {
    receiver = await startHttpListener();
  });
  afterAll(async () => {
    await receiver?.close();
  });
  // Loopback receivers are refused unless allowed, as for WEBHOOK steps.
  const t = useBrowserEnv({ dialect, name: 'webhooks', env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
  let projectId = '';
  let endpointUrl = '';
  let firstSecret = '';

  it('creates an endpoint and shows its secret once', { timeout: 120_000 }, async () => {
    const { page } = t;
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
    ({ projectId } = await t.signUpWithProject('Hooks Co'));
    await page.goto(`/p/${projectId}`);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No endpoints yet').waitFor();
    await t.screenshot('empty');

    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add an endpoint' });
    // Not http(s): the API's 422 shows under the field and nothing is created.
    await dialog.getByLabel('Endpoint URL').fill('ftp://example.com/hook');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect.poll(() => dialog.getByLabel('Endpoint URL').getAttribute('aria-invalid')).toBe('true');
    expect(await t.call<unknown[]>('GET', '/webhook-endpoints', undefined, projectId)).toEqual([]);

    endpointUrl = `${receiver.url}/hooks/mailwright`;
    await dialog.getByLabel('Endpoint URL').fill(endpointUrl);
    await dialog.getByLabel('Description (optional)').fill('CRM sync');
    await dialog.getByLabel('Only the ones I pick').check();
    await dialog.getByLabel('contact.created').check();
    await dialog.getByLabel('email.bounced').check();
    await t.screenshot('add-dialog');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Your signing secret' });
    await secretDialog.waitFor();
    await secretDialog.getByText("you won't see it again").waitFor();
    firstSecret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(firstSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await secretDialog.getByRole('button', { name: 'Copy signing secret' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(firstSecret);
    await t.screenshot('secret-once');
    await secretDialog.getByRole('button', { name: 'I have saved it' }).click();

    // On to the endpoint's page, which never shows the secret again, nor does any answer.
    await page.getByRole('heading', { name: endpointUrl }).waitFor();
    await page.getByText('CRM sync').waitFor();
    await page.getByText('contact.created', { exact: true }).waitFor();
    await t.reloadShows(endpointUrl);
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(firstSecret);
    const [listed] = await t.call<Array<Record<string, unknown>>>('GET', '/webhook-endpoints', undefined, projectId);
    expect(listed).not.toHaveProperty('secret');
    expect(JSON.stringify(listed)).not.toContain(firstSecret);
  });

  it('sends a test to a loopback receiver and shows the answer', { timeout: 60_000 }, async () => {
    const { page } = t;
    receiver.clear();
    receiver.respond(() => ({
      status: 200,
      headers: { 'content-type': 'text/plain' },
      body: 'thanks from the receiver',
    }));
    await page.getByRole('button', { name: 'Send test' }).click();
    const result = page.getByRole('dialog', { name: 'Test message delivered' });
    await result.waitFor();
    await result.getByText('HTTP 200').waitFor();
    await result.getByText('thanks from the receiver').waitFor();
    await t.screenshot('test-result');
    const [request] = await receiver.waitFor(1);
    expect(request!.path).toBe('/hooks/mailwright');
    expect(request!.headers['webhook-id']).toBeTruthy();
    expect(request!.headers['webhook-signature']).toMatch(/^v1,/);
    expect(request!.json).toMatchObject({ type: 'webhook.test' });
    await result.getByRole('button', { name: 'Done' }).click();
    await result.waitFor({ state: 'hidden' });
  });

  it('shows the message in the log, opens it and retries it with the same webhook-id', {
    timeout: 60_000,
  }, async () => {
    const { page } = t;
    const firstId = receiver.requests[0]!.headers['webhook-id']!;
    const log = page.getByRole('table', { name: 'Messages, newest first' });
    const row = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await row.getByText('Delivered').waitFor();
    await row.getByText('HTTP 200').waitFor();

    // The status filter is in the URL; nothing has failed.
    await page.getByRole('button', { name: 'Failed', exact: true }).click();
    await page.getByText('No failed messages').waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('FAILED');
    await page.getByRole('button', { name: 'Delivered', exact: true }).click();
    await row.waitFor();

    await row.getByRole('button', { name: 'webhook.test' }).click();
    const sheet = page.getByRole('dialog', { name: 'webhook.test' });
    await sheet.getByText(firstId).waitFor();
    await sheet.getByTitle('Payload').getByText('"type": "webhook.test"').waitFor();
    await expect.poll(() => sheet.getByRole('listitem').count()).toBe(1);
    await t.screenshot('message-sheet');

    receiver.clear();
    receiver.respond(() => ({ status: 202, body: 'again' }));
    await sheet.getByRole('button', { name: 'Retry now' }).click();
    const [again] = await receiver.waitFor(1);
    expect(again!.headers['webhook-id']).toBe(firstId);
    await expect.poll(() => sheet.getByRole('listitem').count()).toBe(2);
    await sheet.getByText('HTTP 202').waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
  });

  it('edits, switches off, rotates the secret of and deletes the endpoint', { timeout: 90_000 }, async () => {
    const { page } = t;
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit endpoint' });
    await edit.getByLabel('Description (optional)').fill('CRM sync (v2)');
    await edit.getByLabel(/All events/).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByText('CRM sync (v2)').waitFor();
    await page.getByText('All events (*)').waitFor();

    const toggle = page.getByRole('switch', { name: 'Enabled' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    const [saved] = await t.call<Array<{ enabled: boolean; events: string[] }>>(
      'GET',
      '/webhook-endpoints',
      undefined,
      projectId,
    );
    expect(saved).toMatchObject({ enabled: false, events: ['*'] });

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate the signing secret?' })
      .getByRole('button', { name: 'Rotate secret' })
      .click();
    const shown = page.getByRole('dialog', { name: 'Your new signing secret' });
    await shown.getByText(/old secret keeps signing for 24 hours/).waitFor();
    const second = await shown.getByTestId('webhook-secret').textContent();
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(firstSecret);
    await t.screenshot('rotated');
    await shown.getByRole('button', { name: 'I have saved it' }).click();
    await shown.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this endpoint?' })
      .getByRole('button', { name: 'Delete endpoint' })
      .click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No endpoints yet').waitFor();
    expect(await t.call<unknown[]>('GET', '/webhook-endpoints', undefined, projectId)).toEqual([]);
  });
});
