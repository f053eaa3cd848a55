/**
 * Fills a project with data in every area of the dashboard (contacts of every field type, domains,
 * topics, templates in every format, campaigns sent, scheduled and A/B tested, a workflow with an
 * execution, webhooks, suppressions, an audit trail) and a second, empty project, through the API,
 * so the sweeps (accessibility, languages) see every screen with something on it.
 */
import { expect } from 'vitest';
import type { HttpListener } from '../servers/http-listener.ts';
import type { BrowserEnv } from './harness.ts';
import { EVERY_BLOCK, type Seed } from './screens.ts';

/**
 * Signs a new account up in the browser, seeds its project (the webhook endpoint delivers to
 * `receiver`) and answers what the screens open.
 */
export async function seedEveryArea(t: BrowserEnv, receiver: HttpListener): Promise<Seed> {
  const seed = {} as Seed;
  let secretKey = '';

  /** A public API call with the project's secret key. */
  async function publicApi<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${secretKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const call = <T>(method: string, path: string, body?: unknown) => t.call<T>(method, path, body, seed.projectId);
  /** The id of a created resource, whether answered bare or in the `{ data }` envelope. */
  const idOf = (r: { id?: string; data?: { id?: string } }) => (r.id ?? r.data?.id)!;

  const signup = await t.signUpWithProject('A11y Co');
  seed.projectId = signup.projectId;
  secretKey = signup.secretKey;

  // A verified sending domain (records published on the loopback DNS server) and a pending one.
  const domain = await call<{ id: string; records: Array<{ type: string; name: string; value: string }> }>(
    'POST',
    '/domains',
    { domain: 'a11y.test' },
  );
  for (const r of domain.records) if (r.type === 'TXT') t.dns.set(r.name, 'TXT', [r.value]);
  expect((await call<{ verified: boolean }>('GET', `/domains/${domain.id}/verify`)).verified).toBe(true);
  seed.domainId = domain.id;
  await call('POST', '/domains', { domain: 'pending.a11y.test' });

  // Two topics (one subscribed by default, one hidden) for the topics screen and the contact's switches.
  await call('POST', '/topics', { name: 'Product news', description: 'What we shipped', defaultSubscribed: true });
  await call('POST', '/topics', { name: 'Internal', public: false });

  // Contacts with data of every type, one unsubscribed.
  const people = [
    { email: 'ada@a11y.test', data: { plan: 'pro', seats: 3, vip: true, name: 'Ada', trialEnds: '2026-03-01' } },
    { email: 'bob@a11y.test', data: { plan: 'free', seats: 1, vip: false } },
    { email: 'cy@a11y.test', data: { plan: 'pro', seats: 5 }, subscribed: false },
  ];
  for (const person of people) await call('POST', '/contacts', person);
  const contacts = await call<{ data: Array<{ id: string; email: string }> }>('GET', '/contacts?search=ada');
  seed.contactId = contacts.data.find((c) => c.email === 'ada@a11y.test')!.id;

  // A CSV import with a skipped row.
  const res = await t.context.request.fetch(`${t.url}/contacts/import`, {
    method: 'POST',
    headers: { 'x-requested-with': 'browser-test', 'x-project-id': seed.projectId },
    multipart: {
      file: {
        name: 'people.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('email,plan\ndee@a11y.test,team\nnot-an-email,pro\n'),
      },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  seed.importJobId = ((await res.json()) as { jobId: string }).jobId;

  // Events, and a transactional email captured in the outbox.
  for (const email of ['ada@a11y.test', 'bob@a11y.test']) {
    await publicApi('POST', '/v1/track', { email, event: 'signed_up', data: { source: 'ads' } });
  }
  const sent = await publicApi<{ data: { emails: Array<{ email: string }> } }>('POST', '/v1/send', {
    to: 'ada@a11y.test',
    from: { email: 'hello@a11y.test', name: 'A11y Co' },
    subject: 'Welcome aboard',
    body: '<h1>Welcome</h1><p>Glad you are here. <a href="https://a11y.test/start">Get started</a></p>',
  });
  seed.emailId = sent.data.emails[0]!.email;

  // A segment, a template, a draft campaign and a sent one.
  const pro = { operator: 'AND', conditions: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] };
  seed.segmentId = idOf(await call('POST', '/segments', { name: 'Pro customers', filters: pro }));
  seed.templateId = idOf(
    await call('POST', '/templates', {
      name: 'Welcome',
      type: 'MARKETING',
      subject: 'Welcome, {{ name ?? "friend" }}',
      body: '<h1>Hello {{ name ?? "friend" }}</h1><p><a href="https://a11y.test">Visit us</a></p>',
    }),
  );
  // A template in the visual editor: created, changed (version 2), and a draft on top; one in MJML.
  seed.blocksTemplateId = idOf(
    await call('POST', '/templates', {
      name: 'Newsletter',
      type: 'MARKETING',
      subject: 'Our news',
      format: 'BLOCKS',
      document: EVERY_BLOCK,
    }),
  );
  await call('PATCH', `/templates/${seed.blocksTemplateId}`, { subject: 'Our news, again', baseVersion: 1 });
  await call('PUT', `/templates/${seed.blocksTemplateId}/draft`, { subject: 'Our news, drafted', baseVersion: 2 });
  seed.mjmlTemplateId = idOf(
    await call('POST', '/templates', {
      name: 'Receipt',
      type: 'TRANSACTIONAL',
      subject: 'Your receipt',
      format: 'MJML',
      body: '<mjml><mj-body><mj-section><mj-column><mj-text>Thanks, {{ name ?? "friend" }}.</mj-text></mj-column></mj-section></mj-body></mjml>',
    }),
  );
  const campaign = (name: string) => ({
    name,
    subject: name,
    body: '<p>News. <a href="https://a11y.test/news">Read more</a></p>',
    from: 'news@a11y.test',
    audienceType: 'ALL',
    type: 'MARKETING',
  });
  seed.draftCampaignId = idOf(await publicApi('POST', '/campaigns', campaign('Summer draft')));
  seed.sentCampaignId = idOf(await publicApi('POST', '/campaigns', campaign('Spring news')));
  const { body: _html, ...inBlocks } = campaign('Autumn letter');
  seed.blocksCampaignId = idOf(
    await publicApi('POST', '/campaigns', { ...inBlocks, format: 'BLOCKS', document: EVERY_BLOCK }),
  );
  await publicApi('POST', `/campaigns/${seed.sentCampaignId}/send`, {});
  seed.abDraftCampaignId = idOf(
    await publicApi('POST', '/campaigns', {
      ...campaign('Split test'),
      variants: [
        { name: 'A', subject: 'Split test: short' },
        { name: 'B', format: 'HTML', body: '<p>Another body. <a href="https://a11y.test/b">Read</a></p>' },
      ],
      abTest: { testPercent: 20, metric: 'CLICKS', waitMinutes: 120, decidedBy: 'AUTO' },
    }),
  );
  seed.abWaitingCampaignId = idOf(
    await publicApi('POST', '/campaigns', {
      ...campaign('Split test sent'),
      variants: [
        { name: 'A', subject: 'Split A' },
        { name: 'B', subject: 'Split B' },
      ],
      abTest: { testPercent: 50, metric: 'OPENS', waitMinutes: 60, decidedBy: 'MANUAL' },
    }),
  );
  await publicApi('POST', `/campaigns/${seed.abWaitingCampaignId}/send`, {});

  // A workflow on `signed_up` that waits for `paid`, enabled, with an execution waiting.
  const workflow = await call<{ id: string; steps: Array<{ id: string }> }>('POST', '/workflows', {
    name: 'Onboarding',
    eventName: 'signed_up',
  });
  seed.workflowId = workflow.id;
  const wait = await call<{ id: string }>('POST', `/workflows/${workflow.id}/steps`, {
    type: 'WAIT_FOR_EVENT',
    config: { eventName: 'paid', timeout: 86_400 },
  });
  const exit = await call<{ id: string }>('POST', `/workflows/${workflow.id}/steps`, {
    type: 'EXIT',
    name: 'Paid',
    config: {},
  });
  await call('POST', `/workflows/${workflow.id}/transitions`, {
    fromStepId: workflow.steps[0]!.id,
    toStepId: wait.id,
  });
  await call('POST', `/workflows/${workflow.id}/transitions`, {
    fromStepId: wait.id,
    toStepId: exit.id,
    waitOutcome: 'EVENT',
  });
  await call('PATCH', `/workflows/${workflow.id}`, { enabled: true });
  await publicApi('POST', '/v1/track', { email: 'ada@a11y.test', event: 'signed_up' });
  await expect
    .poll(
      async () => (await call<{ data: Array<{ id: string }> }>('GET', `/workflows/${workflow.id}/executions`)).data,
      {
        timeout: 20_000,
      },
    )
    .not.toEqual([]);
  seed.executionId = (await call<{ data: Array<{ id: string }> }>('GET', `/workflows/${workflow.id}/executions`))
    .data[0]!.id;

  // A webhook endpoint with one delivered test message.
  seed.endpointUrl = `${receiver.url}/hooks`;
  seed.endpointId = (
    await call<{ id: string }>('POST', '/webhook-endpoints', {
      url: seed.endpointUrl,
      events: ['contact.created', 'email.bounced'],
      description: 'CRM sync',
    })
  ).id;
  await call('POST', `/webhook-endpoints/${seed.endpointId}/test`);

  seed.emptyProjectId = (await t.call<{ id: string }>('POST', '/users/@me/projects', { name: 'Empty Co' })).id;

  // A pending invitation, so the members page lists one.
  await t.call('POST', `/projects/${seed.projectId}/members`, { email: 'new.teammate@a11y.test', role: 'MEMBER' });
  // The campaign's send and the import finish before the sweep looks at them.
  await expect
    .poll(async () => (await call<{ status: string }>('GET', `/contacts/import/${seed.importJobId}`)).status, {
      timeout: 20_000,
    })
    .toBe('completed');

  // Transports, once the campaign is out (so its mail is not sent through them), both off: an SMTP
  // relay for both streams and an SES account for marketing mail.
  await expect
    .poll(async () => (await call<{ status: string }>('GET', `/campaigns/${seed.sentCampaignId}`)).status, {
      timeout: 20_000,
    })
    .toBe('SENT');
  await expect
    .poll(
      async () =>
        (await call<{ abTest: { phase: string } | null }>('GET', `/campaigns/${seed.abWaitingCampaignId}`)).abTest
          ?.phase,
      { timeout: 20_000 },
    )
    .toBe('WAITING');
  await call('POST', '/transports', {
    name: 'Backup relay',
    kind: 'SMTP',
    url: 'smtp://relay%40a11y.test:secret@127.0.0.1:2525',
    streams: ['TRANSACTIONAL', 'MARKETING'],
    ratePerSecond: 50,
    priority: 10,
    enabled: false,
  });
  await call('POST', '/transports', {
    name: 'SES marketing',
    kind: 'SES',
    ses: { region: 'eu-west-1', accessKeyId: 'AKIAA11YEXAMPLE', secretAccessKey: 'a11y-secret' },
    streams: ['MARKETING'],
    enabled: false,
  });

  // Suppression rules (an address and a domain, by hand), an import with a refused line, and a send
  // one of them held.
  await call('POST', '/suppressions', {
    addresses: ['held@a11y.test'],
    domains: ['*@blocked.a11y.test'],
    note: 'Asked us to stop',
  });
  const imported = await t.context.request.fetch(`${t.url}/suppressions/import`, {
    method: 'POST',
    headers: { 'x-requested-with': 'browser-test', 'x-project-id': seed.projectId },
    multipart: {
      file: {
        name: 'stop-list.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('one@stop.a11y.test\nnot an address\n*@stop-domain.a11y.test\n'),
      },
    },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  seed.suppressionImportId = ((await imported.json()) as { id: string }).id;
  const held = await publicApi<{ data: { emails: Array<{ email: string }> } }>('POST', '/v1/send', {
    to: 'held@a11y.test',
    from: { email: 'hello@a11y.test', name: 'A11y Co' },
    subject: 'Your receipt',
    body: '<p>Thanks for your order.</p>',
  });
  seed.heldEmailId = held.data.emails[0]!.email;
  await expect
    .poll(
      async () => (await call<{ status: string }>('GET', `/suppressions/imports/${seed.suppressionImportId}`)).status,
    )
    .toBe('DONE');
  await expect
    .poll(async () => (await call<{ status: string }>('GET', `/emails/${seed.heldEmailId}`)).status)
    .toBe('SUPPRESSED');
  return seed;
}
