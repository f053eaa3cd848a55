/**
 * Contacts and fields in the browser: adding and editing a contact (fields, subscription, email),
 * its history, search and paging, CSV import with its progress and skipped rows, a bulk
 * unsubscribe, the fields screen (type, coverage, values, removal), and a reload on every screen.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

interface Contact {
  id: string;
  email: string;
  subscribed: boolean;
  data: Record<string, unknown>;
}
interface Page<T> {
  data: T[];
  total: number;
}

describe.each(DIALECTS)('dashboard contacts on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'contacts' });
  let projectId = '';
  const api = <T>(method: string, path: string, body?: unknown) => t.call<T>(method, path, body, projectId);
  /** A screenshot at 1024 px wide, the narrowest width the dashboard is made for. */
  const narrowShot = async (name: string) => {
    await t.page.setViewportSize({ width: 1024, height: 768 });
    await t.screenshot(`${name}-1024`);
    await t.page.setViewportSize({ width: 1280, height: 860 });
  };
  const findByEmail = async (email: string) =>
    (await api<Page<Contact>>('GET', `/contacts?search=${encodeURIComponent(email)}`)).data.find(
      (c) => c.email === email,
    );

  it('adds a contact, edits its fields, subscription and email, and shows its history', {
    timeout: 120_000,
  }, async () => {
    ({ projectId } = await t.signUpWithProject('Contacts Co'));
    const { page } = t;
    await page.goto(`/p/${projectId}/contacts`);
    await page.getByRole('heading', { name: 'No contacts yet' }).waitFor();
    await t.screenshot('empty');

    await page.getByRole('button', { name: 'Add contact' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a contact' });
    await dialog.getByLabel('Email', { exact: true }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    // The API's field message shows under the field.
    await expect.poll(() => dialog.locator('.text-red-600').first().textContent()).toMatch(/email/i);
    await t.screenshot('add-error');

    await dialog.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByLabel('Name of field 1').fill('plan');
    await dialog.getByLabel('Value of plan').fill('pro');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByLabel('Name of field 2').fill('seats');
    await dialog.getByLabel('Type of seats').selectOption('number');
    await dialog.getByLabel('Value of seats').fill('3');
    await t.screenshot('add-dialog');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'ada@example.com' }).waitFor();
    const created = await findByEmail('ada@example.com');
    expect(created).toMatchObject({ subscribed: true, data: { plan: 'pro', seats: 3 } });
    await t.screenshot('list-one');

    await page.getByRole('link', { name: 'ada@example.com' }).click();
    await page.waitForURL(`**/contacts/${created!.id}`);
    await page.getByRole('heading', { name: 'ada@example.com' }).waitFor();
    await t.screenshot('detail');

    // Fields: change one, remove one, add a yes/no one; only that is sent.
    await page.getByRole('button', { name: 'Edit fields' }).click();
    await page.getByLabel('Value of plan').fill('team');
    await page.getByRole('button', { name: 'Remove seats' }).click();
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel('Name of field 2').fill('vip');
    await page.getByLabel('Type of vip').selectOption('boolean');
    await page.getByLabel('Value of vip').selectOption('true');
    await t.screenshot('detail-editing');
    await narrowShot('detail-editing');
    await page.getByRole('button', { name: 'Save fields' }).click();
    await page.getByRole('button', { name: 'Edit fields' }).waitFor();
    const customFields = page.getByRole('definition').filter({ hasText: 'team' });
    await customFields.waitFor();
    expect((await api<Contact>('GET', `/contacts/${created!.id}`)).data).toEqual({ plan: 'team', vip: true });

    // Subscription: the switch answers at once and the API agrees.
    const toggle = page.getByRole('switch', { name: 'Subscribed' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(async () => (await api<Contact>('GET', `/contacts/${created!.id}`)).subscribed).toBe(false);

    // Email: a taken address is refused in the form; a free one is saved.
    await api('POST', '/contacts', { email: 'taken@example.com' });
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByLabel('New email address').fill('taken@example.com');
    await page.getByRole('button', { name: 'Save email' }).click();
    await page.getByRole('alert').or(page.locator('.text-red-600')).first().waitFor();
    await page.getByLabel('New email address').fill('ada.lovelace@example.com');
    await page.getByRole('button', { name: 'Save email' }).click();
    await page.getByRole('heading', { name: 'ada.lovelace@example.com' }).waitFor();
    expect((await api<Contact>('GET', `/contacts/${created!.id}`)).email).toBe('ada.lovelace@example.com');

    // History: the unsubscribe is in the activity; a tracked event in the events tab.
    await api('POST', '/events/track', {
      email: 'ada.lovelace@example.com',
      event: 'trial_started',
      data: { days: 14 },
    });
    await t.reloadShows('ada.lovelace@example.com');
    await page.getByRole('tab', { name: 'Events' }).click();
    await page.getByText('trial_started').waitFor();
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page
      .getByRole('tabpanel')
      .getByText(/Event|Unsubscribed/)
      .first()
      .waitFor();
    await t.screenshot('detail-history');

    // Delete, confirmed; back on the list without it.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: /Delete ada/ })
      .getByRole('button', { name: 'Delete contact' })
      .click();
    await page.waitForURL(`**/p/${projectId}/contacts`);
    await page.getByRole('link', { name: 'taken@example.com' }).waitFor();
    expect(await findByEmail('ada.lovelace@example.com')).toBeUndefined();

    // A contact that does not exist says so.
    await page.goto(`/p/${projectId}/contacts/nope-not-here`);
    await page.getByRole('heading', { name: 'Contact not found' }).waitFor();
  });

  it('searches by email and pages through the list with its total', { timeout: 120_000 }, async () => {
    const { page } = t;
    for (let i = 0; i < 30; i += 6) {
      await Promise.all(
        Array.from({ length: 6 }, (_, j) =>
          api('POST', '/contacts', { email: `page-${String(i + j).padStart(2, '0')}@seed.test`, data: { n: i + j } }),
        ),
      );
    }
    const total = (await api<Page<Contact>>('GET', '/contacts')).total;
    expect(total).toBe(31);

    await page.goto(`/p/${projectId}/contacts`);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByText('Showing 1–20 of 31 contacts').waitFor();
    expect(await page.getByRole('table', { name: 'Contacts' }).getByRole('row').count()).toBe(21);
    await t.screenshot('list');
    await narrowShot('list');
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText('Showing 21–31 of 31 contacts').waitFor();
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await pager.getByText('Showing 1–20 of 31 contacts').waitFor();

    await page.getByLabel('Rows per page').selectOption('50');
    await pager.getByText('Showing 1–31 of 31 contacts').waitFor();
    expect(page.url()).toContain('size=50');

    await page.getByLabel('Search contacts by email').fill('page-1');
    await page.waitForURL(/search=page-1/);
    await pager.getByText('Showing 1–10 of 10 contacts').waitFor();
    await t.screenshot('search');
    await t.reloadShows('Contacts');
    await pager.getByText('Showing 1–10 of 10 contacts').waitFor();
    expect(await page.getByLabel('Search contacts by email').inputValue()).toBe('page-1');

    await page.getByLabel('Search contacts by email').fill('zzz-nobody');
    await page.getByRole('heading', { name: /No contacts match/ }).waitFor();
    await t.screenshot('search-empty');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await pager.getByText('Showing 1–31 of 31 contacts').waitFor();
  });

  it('unsubscribes selected contacts in bulk and shows the job progress', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/contacts?search=page-0`);
    const table = page.getByRole('table', { name: /Contacts/ });
    await table.getByRole('link', { name: 'page-00@seed.test' }).waitFor();
    await page.getByLabel('Select page-00@seed.test').check();
    await page.getByLabel('Select page-01@seed.test').check();
    await page.getByLabel('Select page-02@seed.test').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('3 contacts selected').waitFor();
    await t.screenshot('bulk-selected');
    await bar.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('Unsubscribed 3 contacts.').waitFor();
    await expect
      .poll(() => page.getByRole('progressbar', { name: 'Bulk action progress' }).getAttribute('aria-valuenow'))
      .toBe('3');
    await t.screenshot('bulk-done');
    for (const n of ['00', '01', '02']) {
      expect((await findByEmail(`page-${n}@seed.test`))?.subscribed).toBe(false);
    }
    expect((await findByEmail('page-03@seed.test'))?.subscribed).toBe(true);
    // The list refreshed on its own.
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'Unsubscribed' }).count()).toBe(3);

    // Select all on the page, subscribe them back.
    await page.getByLabel('Select all contacts on this page').check();
    await bar.getByText('10 contacts selected').waitFor();
    await bar.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByText('Subscribed 10 contacts.').waitFor();
    expect((await findByEmail('page-01@seed.test'))?.subscribed).toBe(true);
  });

  it('imports a CSV with its progress, counts and skipped rows', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/contacts/import`);
    await page.getByRole('heading', { name: 'Import contacts' }).waitFor();
    await t.reloadShows('Import contacts');
    await t.screenshot('import');

    const csv = [
      'email,plan,seats,joined',
      'grace@import.test,pro,5,2026-01-15',
      'linus@import.test,free,1,2026-02-01',
      'not-an-email,pro,2,2026-02-03',
      ',team,4,2026-02-04',
      'page-05@seed.test,team,8,2026-02-05',
    ].join('\n');
    await page
      .getByLabel('Choose a CSV file')
      .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('list', { name: 'Columns' }).getByText('seats').waitFor();
    await page.getByText('5 rows · 4 columns').waitFor();
    await t.screenshot('import-preview');
    await page.getByRole('button', { name: 'Start import' }).click();

    await page.waitForURL(/\/contacts\/import\/[\w-]+$/);
    const jobId = page.url().split('/').at(-1)!;
    await page.getByRole('heading', { name: 'Import of people.csv' }).waitFor();
    const progress = page.getByRole('progressbar', { name: 'Import progress' });
    await progress.waitFor();
    await page.getByText('Import finished: 5 rows read').waitFor({ timeout: 30_000 });
    expect(await progress.getAttribute('aria-valuenow')).toBe('5');
    expect(await progress.getAttribute('aria-valuemax')).toBe('5');

    const job = await api<{ imported: number; updated: number; skipped: number; status: string }>(
      'GET',
      `/contacts/import/${jobId}`,
    );
    expect(job).toMatchObject({ status: 'completed', imported: 2, updated: 1, skipped: 2 });
    const stats = page.locator('div.grid').filter({ hasText: 'New contacts' });
    await expect.poll(() => stats.textContent()).toMatch(/New contacts2.*Updated1.*Skipped2/);

    const skipped = page.getByRole('table', { name: 'Skipped rows' });
    await expect.poll(() => skipped.getByRole('row').count()).toBe(3);
    await skipped.getByRole('row').filter({ hasText: 'not-an-email' }).getByText('Not a valid email address').waitFor();
    await skipped.getByRole('row', { name: /^5 / }).getByText('No email address').waitFor();
    await t.screenshot('import-done');
    await narrowShot('import-done');
    await t.reloadShows('Import of people.csv');
    await page.getByText('Import finished: 5 rows read').waitFor();

    expect((await findByEmail('grace@import.test'))?.data).toEqual({ plan: 'pro', seats: 5, joined: '2026-01-15' });
    await page.getByRole('link', { name: 'View contacts' }).click();
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();

    // A file without an email column is stopped before upload.
    await page.goto(`/p/${projectId}/contacts/import`);
    await page
      .getByLabel('Choose a CSV file')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('name,city\nAda,Oslo\n') });
    await page
      .getByRole('alert')
      .getByText(/no “email” column/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Start import' }).isDisabled()).toBe(true);
  });

  it('shows fields with type and coverage, their values and usage, and deletes one', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/fields`);
    await page.getByRole('heading', { name: 'Fields', exact: true }).waitFor();
    const fields = await api<{
      fields: Array<{ field: string; type: string; coverage: number }>;
      coverageInfo: { contacts: number };
    }>('GET', '/contacts/fields');
    const plan = fields.fields.find((f) => f.field === 'data.plan')!;
    expect(plan.type).toBe('string');
    const contacts = fields.coverageInfo.contacts;
    const withPlan = Math.round(plan.coverage * contacts);
    const custom = page.getByRole('table', { name: 'Custom fields' });
    const planRow = custom.getByRole('row').filter({ has: page.getByRole('link', { name: 'plan', exact: true }) });
    await planRow.getByText('Text').waitFor();
    await planRow.getByText(`(${withPlan} of ${contacts})`).waitFor();
    const seatsRow = custom.getByRole('row').filter({ has: page.getByRole('link', { name: 'seats', exact: true }) });
    await seatsRow.getByText('Number').waitFor();
    const joinedRow = custom.getByRole('row').filter({ has: page.getByRole('link', { name: 'joined', exact: true }) });
    await joinedRow.getByText('Date').waitFor();
    await page.getByRole('table', { name: 'Built-in fields' }).getByRole('link', { name: 'email' }).waitFor();
    await t.screenshot('fields');
    await narrowShot('fields');
    await t.reloadShows('Fields');

    await planRow.getByRole('link', { name: 'plan', exact: true }).click();
    await page.getByRole('heading', { name: 'plan', exact: true }).waitFor();
    const values = page.getByRole('list', { name: 'Values, most frequent first' });
    await values.getByText('pro', { exact: true }).waitFor();
    await values.getByText('team', { exact: true }).waitFor();
    await page.getByText('No segment, campaign or workflow refers to this field.').waitFor();
    await t.screenshot('field');
    await t.reloadShows('plan');

    await page.goto(`/p/${projectId}/fields/data.seats`);
    await page.getByRole('heading', { name: 'seats', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete field' }).click();
    const confirm = page.getByRole('dialog', { name: /Delete the field/ });
    await confirm.getByText(/removed from 3 contacts/).waitFor();
    await t.screenshot('field-delete');
    await confirm.getByRole('button', { name: 'Delete field' }).click();
    await page.waitForURL(`**/p/${projectId}/fields`);
    await custom.getByRole('link', { name: 'plan', exact: true }).waitFor();
    expect(await custom.getByRole('link', { name: 'seats', exact: true }).count()).toBe(0);
    const after = await api<{ fields: Array<{ field: string }> }>('GET', '/contacts/fields');
    expect(after.fields.map((f) => f.field)).not.toContain('data.seats');
    expect((await findByEmail('grace@import.test'))?.data).toEqual({ plan: 'pro', joined: '2026-01-15' });
  });
});
