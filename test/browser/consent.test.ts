/**
 * Consent in the dashboard (beyond.md §1, §3), for someone who never writes a request: topics are
 * created, listed with their subscribers and flags, edited, and deleted (a topic a scheduled
 * campaign uses is refused with the API's message); a campaign is sent to a topic and its audience
 * count follows; a workflow's email step gets a topic; a contact's topics change with a switch; a
 * confirmation email goes out (and the fourth in a day is refused); a contact's data is exported as
 * a JSON download and the contact is erased behind a typed confirmation. Every outcome is checked
 * through the API too.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

type Topic = { id: string; name: string; description: string | null; defaultSubscribed: boolean; public: boolean };
type Contact = { id: string; email: string; subscribed: boolean; topics: string[]; confirmedAt: string | null };
type Rec = { type: string; name: string; value: string };
type Outbox = { data: Array<{ to: string; subject: string; html: string }> };

describe.each(DIALECTS)('consent in the dashboard on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'consent' });
  let projectId = '';
  let secretKey = '';
  const call = <T>(method: string, path: string, body?: unknown) => t.call<T>(method, path, body, projectId);
  const topicNamed = async (name: string) => (await call<Topic[]>('GET', '/topics')).find((x) => x.name === name)!;
  const contactNamed = async (email: string) =>
    (await call<{ data: Contact[] }>('GET', `/contacts?search=${encodeURIComponent(email)}`)).data.find(
      (c) => c.email === email,
    )!;
  const outbox = async (to: string): Promise<Outbox> => {
    const res = await fetch(`${t.url}/outbox?to=${encodeURIComponent(to)}`, {
      headers: { authorization: `Bearer ${secretKey}` },
    });
    return (await res.json()) as Outbox;
  };
  /** Waits for a toast and for it to go, so a later toast with the same text is a new one. */
  const toastPasses = async (text: string | RegExp) => {
    const shown = t.page.getByRole('status').filter({ hasText: text }).first();
    await shown.waitFor();
    await shown.waitFor({ state: 'hidden', timeout: 10_000 });
  };

  it('creates, lists, edits and deletes topics', { timeout: 120_000 }, async () => {
    const { page } = t;
    ({ projectId, secretKey } = await t.signUpWithProject('Consent Co'));
    const domain = await call<{ id: string; records: Rec[] }>('POST', '/domains', { domain: 'consent.test' });
    for (const r of domain.records) if (r.type === 'TXT') t.dns.set(r.name, 'TXT', [r.value]);
    expect((await call<{ verified: boolean }>('GET', `/domains/${domain.id}/verify`)).verified).toBe(true);

    await page.goto(`/p/${projectId}`);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Topics' }).click();
    await page.getByRole('heading', { name: 'Topics', level: 1 }).waitFor();
    await page.getByText('No topics yet').waitFor();
    await t.screenshot('topics-empty');

    // An empty name: the API's message shows under the field and nothing is created.
    await page.getByRole('button', { name: 'New topic' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New topic' });
    await dialog.getByRole('button', { name: 'Create topic' }).click();
    await expect.poll(() => dialog.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(await call<Topic[]>('GET', '/topics')).toEqual([]);

    await dialog.getByLabel('Name').fill('Product news');
    await dialog.getByLabel('Description (optional)').fill('What we shipped this month');
    await t.screenshot('topic-dialog');
    await dialog.getByRole('button', { name: 'Create topic' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const table = page.getByRole('table', { name: 'Topics' });
    await table.getByText('Product news').waitFor();

    for (const name of ['Offers', 'Old stuff']) {
      await page.getByRole('button', { name: 'New topic' }).first().click();
      await dialog.getByLabel('Name').fill(name);
      if (name === 'Offers') await dialog.getByLabel(/Subscribed by default/).check();
      await dialog.getByRole('button', { name: 'Create topic' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await table.getByText(name, { exact: true }).waitFor();
    }
    const offersRow = table.getByRole('row').filter({ hasText: 'Offers' });
    await offersRow.getByText('Subscribed by default').waitFor();
    expect(await topicNamed('Product news')).toMatchObject({
      description: 'What we shipped this month',
      defaultSubscribed: false,
      public: true,
    });
    expect(await topicNamed('Offers')).toMatchObject({ defaultSubscribed: true, public: true });

    // Edit: the topic leaves the preference page.
    await page.getByRole('button', { name: 'Edit Offers' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit topic' });
    await expect.poll(() => edit.getByLabel('Name').inputValue()).toBe('Offers');
    await edit.getByLabel(/Public/).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await offersRow.getByText('Hidden').waitFor();
    expect((await topicNamed('Offers')).public).toBe(false);

    // A topic a scheduled campaign uses cannot go: the dialog says why.
    const offers = await topicNamed('Offers');
    const news = await topicNamed('Product news');
    await call('POST', '/contacts', { email: 'ann@people.test', topics: { [news.id]: true } });
    await call('POST', '/contacts', { email: 'bob@people.test' });
    await call('POST', '/contacts', { email: 'cat@people.test' });
    const campaign = await call<{ data: { id: string } }>('POST', '/campaigns', {
      name: 'Weekly offer',
      subject: 'This week',
      body: '<p>Deals</p>',
      from: 'news@consent.test',
      audienceType: 'ALL',
      topicId: offers.id,
    });
    await call('POST', `/campaigns/${campaign.data.id}/send`, {
      scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await page.getByRole('button', { name: 'Delete Offers' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Offers”?' });
    await confirm.getByRole('button', { name: 'Delete topic' }).click();
    await confirm
      .getByRole('alert')
      .getByText(/A scheduled or sending campaign uses this topic/)
      .waitFor();
    await t.screenshot('topic-delete-refused');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await topicNamed('Offers')).toBeTruthy();
    await call('POST', `/campaigns/${campaign.data.id}/cancel`);

    await page.getByRole('button', { name: 'Delete Old stuff' }).click();
    await page
      .getByRole('dialog', { name: 'Delete “Old stuff”?' })
      .getByRole('button', { name: 'Delete topic' })
      .click();
    await table.getByText('Old stuff').waitFor({ state: 'hidden' });
    expect((await call<Topic[]>('GET', '/topics')).map((x) => x.name).sort()).toEqual(['Offers', 'Product news']);
    await t.reloadShows('Topics');
    // Subscribers: Ann chose Product news; everyone gets Offers, subscribed by default.
    const subscribers = (name: string) =>
      table.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(1).textContent();
    await expect.poll(() => subscribers('Product news')).toBe('1');
    await expect.poll(() => subscribers('Offers')).toBe('3');
    await t.screenshot('topics');
  });

  it('sends a campaign to a topic, and its audience count follows', { timeout: 90_000 }, async () => {
    const { page } = t;
    const news = await topicNamed('Product news');
    const draft = await call<{ data: { id: string } }>('POST', '/campaigns', {
      name: 'Launch',
      subject: 'We shipped',
      body: '<p>New things</p>',
      from: 'news@consent.test',
      audienceType: 'ALL',
    });

    await page.goto(`/p/${projectId}/campaigns/${draft.data.id}`);
    await page.getByRole('heading', { name: 'Launch' }).waitFor();
    const count = page.getByTestId('audience-count');
    await expect.poll(() => count.textContent()).toBe('3');
    await page.getByLabel('Topic').selectOption({ label: 'Product news (1 subscriber)' });
    await expect.poll(() => count.textContent()).toBe('1');
    await t.screenshot('campaign-topic');
    await page.getByRole('button', { name: 'Save draft' }).first().click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    expect((await call<{ topicId: string | null }>('GET', `/campaigns/${draft.data.id}`)).topicId).toBe(news.id);

    // Back to everyone subscribed.
    await t.reloadShows('Launch');
    await expect.poll(() => page.getByLabel('Topic').inputValue()).toBe(news.id);
    await page.getByLabel('Topic').selectOption('');
    await expect.poll(() => count.textContent()).toBe('3');
    await page.getByRole('button', { name: 'Save draft' }).first().click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    expect((await call<{ topicId: string | null }>('GET', `/campaigns/${draft.data.id}`)).topicId).toBeNull();
  });

  it("sends a workflow's email step to a topic", { timeout: 60_000 }, async () => {
    const { page } = t;
    const news = await topicNamed('Product news');
    const template = await call<{ id: string }>('POST', '/templates', {
      name: 'Digest',
      subject: 'This month',
      body: '<p>News</p>',
      type: 'MARKETING',
      from: 'news@consent.test',
    });
    const w = await call<{ id: string; steps: Array<{ id: string }> }>('POST', '/workflows', {
      name: 'Digest flow',
      eventName: 'digest.due',
    });
    const config = { templateId: template.id, recipient: { type: 'CONTACT' } };
    const step = await call<{ id: string }>('POST', `/workflows/${w.id}/steps`, { type: 'SEND_EMAIL', config });
    await call('POST', `/workflows/${w.id}/transitions`, { fromStepId: w.steps[0]!.id, toStepId: step.id });

    await page.goto(`/p/${projectId}/workflows/${w.id}`);
    await page.getByRole('heading', { name: 'Digest flow' }).waitFor();
    await page.locator('.react-flow__node', { hasText: 'Sends “Digest”' }).click();
    const panel = page.getByRole('complementary', { name: 'Send email', exact: true });
    await panel.getByLabel('Topic').selectOption({ label: 'Product news (1 subscriber)' });
    await t.screenshot('workflow-topic');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Step saved').waitFor();
    await page.locator('.react-flow__node', { hasText: 'Sends “Digest”, topic subscribers only' }).waitFor();
    const saved = await call<{ steps: Array<{ id: string; config: unknown }> }>('GET', `/workflows/${w.id}`);
    expect(saved.steps.find((s) => s.id === step.id)!.config).toEqual({ ...config, topicId: news.id });
  });

  it("changes a contact's topics and sends it a confirmation email", { timeout: 90_000 }, async () => {
    const { page } = t;
    const news = await topicNamed('Product news');
    const offers = await topicNamed('Offers');
    await t.call('PATCH', `/users/@me/projects/${projectId}`, { signupFrom: 'hello@consent.test' });
    const ann = await contactNamed('ann@people.test');
    expect(ann.topics.sort()).toEqual([news.id, offers.id].sort());

    await page.goto(`/p/${projectId}/contacts/${ann.id}`);
    await page.getByRole('heading', { name: 'ann@people.test' }).waitFor();
    const newsSwitch = page.getByRole('switch', { name: 'Product news' });
    await expect.poll(() => newsSwitch.getAttribute('aria-checked')).toBe('true');
    await newsSwitch.click();
    await expect.poll(() => newsSwitch.getAttribute('aria-checked')).toBe('false');
    await expect.poll(async () => (await contactNamed('ann@people.test')).topics).toEqual([offers.id]);
    await toastPasses('Unsubscribed from Product news.');

    // Not confirmed yet; a confirmation email goes out, at most three a day.
    await page.getByText('Not confirmed').waitFor();
    const send = page.getByRole('button', { name: 'Send confirmation email' });
    for (let i = 0; i < 3; i++) {
      await send.click();
      await toastPasses('Confirmation email sent to ann@people.test.');
    }
    await expect.poll(async () => (await outbox('ann@people.test')).data.length).toBe(3);
    expect((await outbox('ann@people.test')).data[0]!.html).toContain('/confirm/');
    await send.click();
    // The fourth within a day: the API's 429 message as an error toast, and no fourth email.
    await page
      .getByRole('status')
      .filter({ hasText: 'At most 3 confirmation emails per address per 24 hours.' })
      .waitFor();
    await t.screenshot('contact-consent');
    expect((await outbox('ann@people.test')).data.length).toBe(3);
  });

  it("exports a contact's data and erases it behind a typed confirmation", { timeout: 90_000 }, async () => {
    const { page } = t;
    const ann = await contactNamed('ann@people.test');
    await t.reloadShows('ann@people.test');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<string, unknown>;
    expect(JSON.stringify(exported)).toContain('ann@people.test');
    expect(exported).toHaveProperty('contact');

    await page.getByRole('button', { name: 'Erase' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase ann@people.test?' });
    const eraseButton = dialog.getByRole('button', { name: 'Erase contact' });
    expect(await eraseButton.isDisabled()).toBe(true);
    await dialog.getByLabel('Type ann@people.test to confirm').fill('ann@people.test');
    await t.screenshot('erase-dialog');
    await eraseButton.click();
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'ann@people.test was erased.' }).first().waitFor();
    await expect(call('GET', `/contacts/${ann.id}`)).rejects.toThrow(/404/);
    expect(await contactNamed('ann@people.test')).toBeUndefined();
  });
});
