/**
 * The email log in the browser, over SMTP to a loopback sink. Invariants: every email is listed with
 * its status and attempts, the filters live in the URL (a contact's and a campaign's links open the
 * log narrowed to them), an email's page shows each delivery attempt with the relay's answer, and a
 * FAILED email can be retried from it, which starts a new round of attempts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { useBrowserEnv } from './harness.ts';

type Rec = { type: string; name: string; value: string };

describe.each(DIALECTS)('email log on %s', (dialect) => {
  let sink: SmtpSink;
  // The relay refuses the message for this recipient after DATA (a permanent failure that is no
  // bounce) until the test lets it through.
  let refuse = true;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    sink = await startSmtpSink({
      respond: (rcpt) =>
        refuse && rcpt === 'gone@mail.test' ? { code: 554, message: '5.7.1 Message refused', at: 'DATA' } : undefined,
    });
    Object.assign(env, { MAIL_TRANSPORT: 'smtp', SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await sink?.close();
  });
  const t = useBrowserEnv({ dialect, name: 'email-log', env });
  let projectId = '';
  let secretKey = '';
  const call = <T>(method: string, path: string, body?: unknown) => t.call<T>(method, path, body, projectId);
  const send = async (to: string, subject: string) => {
    const res = await fetch(`${t.url}/v1/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to, from: 'hello@mail.test', subject, body: `<p>${subject}</p>` }),
    });
    expect(res.status, await res.text()).toBeLessThan(300);
  };

  it('lists sent and failed emails, with filters kept in the URL', { timeout: 120_000 }, async () => {
    const { page } = t;
    ({ projectId, secretKey } = await t.signUpWithProject('Log Co'));
    const domain = await call<{ id: string; records: Rec[] }>('POST', '/domains', { domain: 'mail.test' });
    for (const r of domain.records) if (r.type === 'TXT') t.dns.set(r.name, 'TXT', [r.value]);
    expect((await call<{ verified: boolean }>('GET', `/domains/${domain.id}/verify`)).verified).toBe(true);
    await call('POST', '/contacts', { email: 'ann@shop.test' });
    await send('ann@shop.test', 'Your receipt');
    await send('gone@mail.test', 'Your invoice');
    await sink.waitFor(1);
    await expect
      .poll(async () =>
        (await call<{ data: Array<{ status: string }> }>('GET', '/emails')).data.map((e) => e.status).sort(),
      )
      .toEqual(['FAILED', 'SENT']);

    await page.goto(`/p/${projectId}`);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Email log' }).click();
    await page.getByRole('heading', { name: 'Email log', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Emails, newest first' });
    await table.getByRole('row').filter({ hasText: 'Your receipt' }).getByText('Sent', { exact: true }).waitFor();
    await table.getByRole('row').filter({ hasText: 'Your invoice' }).getByText('Failed', { exact: true }).waitFor();
    await page.getByText('2 emails').waitFor();
    await t.screenshot('list');

    await page.getByLabel('Status').selectOption('FAILED');
    await expect.poll(() => table.getByRole('row').count()).toBe(2); // the header and one email
    expect(new URL(page.url()).searchParams.get('status')).toBe('FAILED');
    await t.reloadShows('Email log');
    await table.getByRole('row').filter({ hasText: 'Your invoice' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    // The recipient search applies on submit, keeps the address in the URL, and clears with the rest.
    const search = page.getByRole('form', { name: 'Search by recipient' });
    await search.getByLabel('Recipient').fill('  ann@shop.test ');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('row').filter({ hasText: 'Your receipt' }).waitFor();
    expect(new URL(page.url()).searchParams.get('recipient')).toBe('ann@shop.test');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    expect(await search.getByLabel('Recipient').inputValue()).toBe('');

    // A contact's page links to the emails sent to it.
    const contacts = await call<{ data: Array<{ id: string; email: string }> }>('GET', '/contacts?search=ann');
    await page.goto(`/p/${projectId}/contacts/${contacts.data[0]!.id}`);
    await page.getByRole('link', { name: 'Emails' }).click();
    await page.getByRole('heading', { name: 'Email log', level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get('recipient')).toBe('ann@shop.test');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByText('Your receipt').waitFor();

    // A sent campaign's page links to its emails only.
    const created = await call<{ id?: string; data?: { id: string } }>('POST', '/campaigns', {
      name: 'Spring news',
      subject: 'Spring is here',
      body: '<p>News</p>',
      from: 'news@mail.test',
      audienceType: 'ALL',
      type: 'MARKETING',
    });
    const campaign = { id: (created.id ?? created.data?.id)! };
    await call('POST', `/campaigns/${campaign.id}/send`, {});
    await expect
      .poll(async () => {
        const c = await call<{ status?: string; data?: { status: string } }>('GET', `/campaigns/${campaign.id}`);
        return c.status ?? c.data?.status;
      })
      .toBe('SENT');
    await page.goto(`/p/${projectId}/campaigns/${campaign.id}`);
    await page.getByRole('main').getByRole('link', { name: 'Email log' }).click();
    await page.getByText('From the campaign').getByText('Spring news').waitFor();
    expect(new URL(page.url()).searchParams.get('campaignId')).toBe(campaign.id);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByText('Spring is here').waitFor();
    await page.getByRole('button', { name: 'Show emails of every campaign' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(4);
  });

  it('shows an email with its attempts and retries a failed one', { timeout: 90_000 }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/emails?status=FAILED`);
    await page.getByRole('link', { name: 'Your invoice' }).click();
    await page.getByRole('heading', { name: /Your invoice/ }).waitFor();
    const attempts = page.getByRole('list', { name: 'Delivery attempts, oldest first' });
    await attempts.getByText('Permanent failure').waitFor();
    await attempts.getByText('SMTP 554').waitFor();
    await attempts.getByText(/Message refused/).waitFor();
    await page.getByText('via smtp', { exact: false }).first().waitFor();
    await t.reloadShows(/Your invoice/);
    await t.screenshot('failed-email');

    refuse = false;
    const before = sink.messages.length;
    await page.getByRole('button', { name: 'Retry' }).click();
    await sink.waitFor(before + 1);
    // The page keeps asking while the email is on its way: the new round's attempt shows.
    await attempts.getByText('Accepted').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await t.screenshot('retried-email');
  });
});
