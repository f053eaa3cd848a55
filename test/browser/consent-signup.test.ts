/**
 * Sign-up settings in the dashboard (beyond.md §2), for someone who never writes a request: double
 * opt-in, the confirmation sender (one off the verified domains is refused under its field), the
 * allowed origins (a bad one refused on its row) and the hosted form (title, a field, a topic) are
 * saved from Settings; the screen shows the form's address and an HTML snippet that posts to it; the
 * hosted form opens from there, takes a sign-up and answers "check your inbox", and the link in the
 * confirmation email subscribes the contact to the topic; the snippet, pasted into another page,
 * signs up the same way. Every outcome is checked through the API.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

type Rec = { type: string; name: string; value: string };
type Contact = {
  id: string;
  email: string;
  subscribed: boolean;
  topics: string[];
  confirmedAt: string | null;
  data: Record<string, unknown>;
};
type SignupSettings = {
  id: string;
  doubleOptIn: boolean;
  signupFrom: string | null;
  allowedOrigins: string[];
  confirmationTemplateId: string | null;
  signupForm: {
    enabled: boolean;
    title: string;
    description: string;
    topics: string[];
    fields: Array<{ key: string; label: string; type: string; required: boolean }>;
  };
};

describe.each(DIALECTS)('sign-up settings in the dashboard on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'consent-signup', env: { REQUIRE_VERIFIED_DOMAIN: 'true' } });
  let projectId = '';
  let secretKey = '';
  let topicId = '';
  /** The HTML the settings screen offers for a static page. */
  let snippet = '';
  const call = <T>(method: string, path: string, body?: unknown) => t.call<T>(method, path, body, projectId);
  const settings = async () =>
    (await t.call<SignupSettings[]>('GET', '/users/@me/projects')).find((p) => p.id === projectId)!;
  const contactNamed = async (email: string) =>
    (await call<{ data: Contact[] }>('GET', `/contacts?search=${encodeURIComponent(email)}`)).data.find(
      (c) => c.email === email,
    );
  const outbox = async (to: string) => {
    const res = await fetch(`${t.url}/outbox?to=${encodeURIComponent(to)}`, {
      headers: { authorization: `Bearer ${secretKey}` },
    });
    return ((await res.json()) as { data: Array<{ subject: string; html: string }> }).data;
  };

  it('configures double opt-in and the sign-up form, and shows its address and snippet', {
    timeout: 120_000,
  }, async () => {
    const { page } = t;
    ({ projectId, secretKey } = await t.signUpWithProject('Signup Co'));
    const domain = await call<{ id: string; records: Rec[] }>('POST', '/domains', { domain: 'signup.test' });
    for (const r of domain.records) if (r.type === 'TXT') t.dns.set(r.name, 'TXT', [r.value]);
    expect((await call<{ verified: boolean }>('GET', `/domains/${domain.id}/verify`)).verified).toBe(true);
    topicId = (await call<{ id: string }>('POST', '/topics', { name: 'Monthly digest' })).id;

    await page.goto(`/p/${projectId}/settings`);
    await page
      .getByRole('navigation', { name: 'Settings pages' })
      .getByRole('link', { name: 'Sign-up & consent' })
      .click();
    const optIn = page.getByRole('switch', { name: 'Ask new sign-ups to confirm their address' });
    await optIn.waitFor();
    expect(await optIn.getAttribute('aria-checked')).toBe('false');
    await t.screenshot('settings-empty');

    // A sender off the verified domains and an origin with a path: each refused where it was typed.
    await optIn.click();
    await page.getByLabel('Sender of confirmation emails').fill('hello@elsewhere.test');
    await page.getByRole('button', { name: 'Add origin' }).click();
    await page.getByLabel('Origin 1', { exact: true }).fill('https://www.signup.test/page');
    await page.getByRole('button', { name: 'Save sign-up settings' }).click();
    await expect.poll(() => page.getByLabel('Sender of confirmation emails').getAttribute('aria-invalid')).toBe('true');
    await t.screenshot('settings-refused');
    expect((await settings()).doubleOptIn).toBe(false);
    await page.getByLabel('Sender of confirmation emails').fill('hello@signup.test');
    await page.getByRole('button', { name: 'Save sign-up settings' }).click();
    await expect.poll(() => page.getByLabel('Origin 1', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Origin 1', { exact: true }).fill('https://www.signup.test');

    // The hosted form: on, a title, a required first name, the topic offered.
    await page.getByRole('switch', { name: 'Hosted sign-up form' }).click();
    await page.getByLabel('Form title').fill('Get the <digest>');
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel('Key of field 1').fill('firstName');
    await page.getByLabel('Label of firstName').fill('First name');
    await page.getByLabel('firstName is required').check();
    await page.getByRole('checkbox', { name: 'Monthly digest' }).check();
    await expect.poll(() => page.getByLabel('Confirmation email template').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Save sign-up settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Sign-up settings saved.' }).first().waitFor();
    expect(await settings()).toMatchObject({
      doubleOptIn: true,
      signupFrom: 'hello@signup.test',
      allowedOrigins: ['https://www.signup.test'],
      confirmationTemplateId: null,
      signupForm: {
        enabled: true,
        title: 'Get the <digest>',
        topics: [topicId],
        fields: [{ key: 'firstName', label: 'First name', type: 'text', required: true }],
      },
    });

    // Where the form lives, and the HTML for a static page: escaped, posting to it, with the honeypot.
    const address = `${t.url}/join/${projectId}`;
    await expect.poll(() => page.getByTestId('hosted-form-url').textContent()).toBe(address);
    snippet = (await page.getByTitle('Sign-up form HTML').textContent()) ?? '';
    expect(snippet).toContain(`<form method="post" action="${address}">`);
    expect(snippet).toContain('<h2>Get the &lt;digest&gt;</h2>');
    expect(snippet).toContain('name="data.firstName" required');
    expect(snippet).toContain(`name="topic.${topicId}" value="true"`);
    expect(snippet).toContain('name="website"');
    await t.reloadShows('Settings');
    await expect.poll(() => page.getByLabel('Key of field 1').inputValue()).toBe('firstName');
    await t.screenshot('settings-saved');
  });

  it('opens the hosted form, signs up through it and confirms from the email', { timeout: 90_000 }, async () => {
    const { page, context } = t;
    const [form] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Open the form' }).click(),
    ]);
    await form.waitForLoadState();
    expect(form.url()).toBe(`${t.url}/join/${projectId}`);
    await form.getByRole('heading', { name: 'Get the <digest>' }).waitFor();
    await form.getByLabel('Email address').fill('reader@people.test');
    await form.getByLabel('First name').fill('Rita');
    await form.getByLabel('Monthly digest').check();
    await form.getByRole('button', { name: 'Sign up' }).click();
    await form.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    // The page masks the address it names (anyone may post any address to the form).
    await form.getByText('We sent a confirmation link to r***@people.test.').waitFor();
    await form.screenshot({ path: `test-results/screens/consent-signup-${dialect}-hosted-answer.png` });

    // Double opt-in: nothing subscribed yet; the confirmation email carries the link.
    await expect.poll(async () => (await outbox('reader@people.test')).length).toBe(1);
    const before = await contactNamed('reader@people.test');
    expect(before?.confirmedAt ?? null).toBeNull();
    expect(before?.topics ?? []).toEqual([]);
    const link = /href="([^"]*\/confirm\/[^"]+)"/.exec((await outbox('reader@people.test'))[0]!.html)?.[1];
    expect(link).toBeTruthy();
    await form.goto(link!.replace(/&amp;/g, '&'));
    await form.getByRole('button', { name: 'Confirm' }).click();
    await form.getByRole('heading', { name: 'Subscription confirmed' }).waitFor();
    await expect.poll(async () => (await contactNamed('reader@people.test'))?.confirmedAt ?? null).not.toBeNull();
    const after = (await contactNamed('reader@people.test'))!;
    expect(after).toMatchObject({ subscribed: true, topics: [topicId], data: { firstName: 'Rita' } });

    // The snippet, pasted into a page elsewhere, signs up the same way.
    await form.setContent(snippet);
    await form.getByLabel('Email').fill('static@people.test');
    await form.getByLabel('First name').fill('Stan');
    await form.getByLabel('Monthly digest').check();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await expect.poll(async () => (await outbox('static@people.test')).length).toBe(1);
    expect((await contactNamed('static@people.test'))?.data).toEqual({ firstName: 'Stan' });
    await form.close();

    // The contact's page says so.
    await page.goto(`/p/${projectId}/contacts/${after.id}`);
    await page.getByRole('heading', { name: 'reader@people.test' }).waitFor();
    await page.getByText('Confirmed', { exact: true }).waitFor();
    expect(await page.getByRole('switch', { name: 'Monthly digest' }).getAttribute('aria-checked')).toBe('true');
  });
});
