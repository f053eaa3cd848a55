/**
 * The dashboard's screens for the sweeps (accessibility, languages): every screen a signed-out
 * visitor and a signed-in owner reach, over the project `seedEveryArea` fills (seed.ts), how to open
 * each and how to wait until it has settled. Names a screen shows are English messages passed
 * through `tr`, so the language sweep finds the same buttons and dialogs in German, French and Spanish.
 */
import type { Page } from 'playwright-core';
import { like, type Tr } from './translate.ts';

/** A block of the visual editor by its type's name: "Button block 3", in the language of `tr`. */
const blockGroup = (tr: Tr, block: string) =>
  new RegExp(`^${like(tr('{block} block {number}', { block: tr(block), number: 999 })).source.replace('999', '\\d+')}`);

// What the page-side callbacks below use of the browser: this file compiles without the DOM library.
interface PageElement {
  id: string;
  tagName: string;
  textContent: string | null;
  closest(selector: string): PageElement | null;
  blur(): void;
  getBoundingClientRect(): { width: number; height: number; top: number; left: number };
}
declare const window: object;
declare const document: {
  activeElement: PageElement | null;
  body: PageElement;
  documentElement: { scrollWidth: number; clientWidth: number };
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement & { getAttribute(name: string): string | null }>;
  getAnimations(): Array<{ playState: string; effect: { getComputedTiming(): { endTime?: number } } | null }>;
};
declare function requestAnimationFrame(callback: (time: number) => void): number;
declare function getComputedStyle(el: PageElement): { outlineStyle: string; outlineWidth: string; boxShadow: string };

/**
 * Whether the screen has settled: its <main> shown, no loading indicator left (skeleton, spinner,
 * busy region, "Loading" status) and no finite animation running (colour transitions end before
 * contrast is measured). Endless ones are no loading: a live dot, the pulsing mark of a step's
 * missing way out in the workflow editor. Not settled: false, or with `explain` what is still loading.
 * (One page function, not a string: the dashboard's CSP refuses eval, which string predicates need.)
 */
export function settled(explain: boolean): true | false | string {
  const left: string[] = [];
  const main = document.querySelector('main')?.getBoundingClientRect();
  if (!main || main.width === 0 || main.height === 0) left.push('no visible <main>');
  for (const [what, selector] of [
    ['skeletons', '.animate-pulse:not(.react-flow__handle):not([data-live])'],
    ['spinners', '.animate-spin'],
    ['busy regions', '[aria-busy="true"]'],
  ] as const) {
    if (document.querySelectorAll(selector).length > 0) left.push(what);
  }
  for (const el of Array.from(document.querySelectorAll('[role="status"]'))) {
    const label = el.getAttribute('aria-label') ?? el.textContent ?? '';
    // "Loading…" in the four languages (German puts it last: "Kontakte werden geladen").
    if (/^\s*(loading|chargement|cargando)|\bgeladen\b/i.test(label)) left.push(`status "${label.trim()}"`);
  }
  const running = document
    .getAnimations()
    .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? 0)).length;
  if (running > 0) left.push(`${running} running animation(s)`);
  if (left.length === 0) return true;
  return explain ? left.join(', ') : false;
}

/**
 * Waits until the screen has settled (see settled), and checks it again two rendered frames later
 * (a resize lays charts out anew on the next frame); fails, saying what is still loading, after 10 s.
 */
export async function settle(page: Page): Promise<void> {
  try {
    await (await page.waitForFunction(settled, false, { timeout: 10_000 })).dispose();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await (await page.waitForFunction(settled, false, { timeout: 10_000 })).dispose();
  } catch (err) {
    const left = await page.evaluate(settled, true).catch(() => 'the page is gone');
    throw new Error(`${page.url()} did not settle within 10 s: ${left}`, { cause: err });
  }
}

export interface Seed {
  projectId: string;
  /** A second project with nothing in it, for the empty states. */
  emptyProjectId: string;
  contactId: string;
  domainId: string;
  importJobId: string;
  emailId: string;
  segmentId: string;
  templateId: string;
  /** A template in the visual editor with every kind of block, two versions and a draft. */
  blocksTemplateId: string;
  mjmlTemplateId: string;
  draftCampaignId: string;
  /** A draft campaign in the visual editor. */
  blocksCampaignId: string;
  sentCampaignId: string;
  /** A draft with an A/B test of two variants, one with content of its own. */
  abDraftCampaignId: string;
  /** A campaign sent with an A/B test decided by hand, waiting for its winner. */
  abWaitingCampaignId: string;
  workflowId: string;
  executionId: string;
  /** A webhook endpoint with a delivered test message in its log. */
  endpointId: string;
  endpointUrl: string;
  /** A suppression import with a refused line. */
  suppressionImportId: string;
  /** A send held by a suppression rule. */
  heldEmailId: string;
}

export interface Screen {
  name: string;
  /** The URL, from what was seeded. */
  url: (s: Seed) => string;
  /** The screen's h1 (or another heading it shows once loaded). */
  heading: string | RegExp;
  /** Something to do before the check (open a dialog, pick a tab). */
  prepare?: (page: Page, tr: Tr) => Promise<void>;
  /** Why the screen is not checked yet (a placeholder, or missing); the lead removes it when it lands. */
  skip?: string;
}

/** A screen's name as a file name: `campaign (draft)` → `campaign-draft`. */
export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const p = (s: Seed, rest = '') => `/p/${s.projectId}${rest}`;

/** The template in blocks (EVERY_BLOCK) as `prepare` leaves it. */
const newsletter = (what: string, prepare: Screen['prepare']): Screen => ({
  name: `template (${what})`,
  url: (s) => p(s, `/templates/${s.blocksTemplateId}`),
  heading: 'Newsletter',
  prepare,
});

/** The visual editor, the MJML editor and a template's versions. */
const EDITOR_SCREENS: Screen[] = [
  {
    name: 'new template (visual editor)',
    url: (s) => p(s, '/templates/new'),
    heading: 'New template',
    prepare: async (page, tr) => {
      await page.getByRole('radio', { name: like(tr('Visual editor')) }).check();
      await page.getByRole('region', { name: tr('Email content') }).waitFor();
    },
  },
  newsletter('visual editor, text selected', async (page, tr) => {
    await page
      .getByRole('textbox', { name: tr('Text'), exact: true })
      .first()
      .click();
    await page.getByRole('toolbar', { name: tr('Text formatting') }).waitFor();
    await page.getByRole('button', { name: tr('Link'), exact: true }).click();
    await page.getByLabel(tr('Link address')).waitFor();
  }),
  newsletter('visual editor, button settings', async (page, tr) => {
    await page
      .getByRole('group', { name: blockGroup(tr, 'Button') })
      .first()
      .click();
    await page
      .getByRole('region', { name: tr('Settings') })
      .getByLabel(tr('Button link'))
      .waitFor();
  }),
  newsletter('visual editor, social settings', async (page, tr) => {
    await page
      .getByRole('group', { name: blockGroup(tr, 'Social links') })
      .first()
      .click();
    await page
      .getByRole('region', { name: tr('Settings') })
      .getByLabel(tr('Address {number}', { number: 1 }))
      .waitFor();
  }),
  newsletter('versions compared', async (page, tr) => {
    await page.getByRole('button', { name: tr('Compare'), exact: true }).click();
    await page
      .getByRole('region', { name: tr('Version {a} and version {b}', { a: 1, b: 2 }) })
      .getByRole('table')
      .waitFor();
  }),
  newsletter('restore dialog', async (page, tr) => {
    await page.getByRole('button', { name: tr('Restore version {n}', { n: 1 }) }).click();
    await page.getByRole('dialog', { name: tr('Restore version {n}?', { n: 1 }) }).waitFor();
  }),
  { name: 'template (MJML)', url: (s) => p(s, `/templates/${s.mjmlTemplateId}`), heading: 'Receipt' },
  {
    name: 'campaign (visual editor draft)',
    url: (s) => p(s, `/campaigns/${s.blocksCampaignId}`),
    heading: 'Autumn letter',
  },
];

/** A block document with every kind of block, for the editor's screens. */
export const EVERY_BLOCK = {
  version: 1,
  style: { backgroundColor: '#eef2ff', contentWidth: 640, linkColor: '#1d4ed8' },
  blocks: [
    { type: 'heading', text: 'Our news, {{ name ?? "friend" }}', level: 1 },
    { type: 'text', html: 'A <strong>short</strong> note with <a href="https://a11y.test">a link</a>.' },
    { type: 'button', label: 'Read more', href: 'https://a11y.test/more', backgroundColor: '#1d4ed8' },
    { type: 'image', src: 'https://a11y.test/logo.png', alt: 'A11y Co', width: 200 },
    { type: 'divider' },
    { type: 'spacer', height: 24 },
    {
      type: 'columns',
      columns: [[{ type: 'text', html: 'Left' }], [{ type: 'button', label: 'Right', href: 'https://a11y.test' }]],
    },
    { type: 'social', links: [{ network: 'github', href: 'https://github.com/a11y' }] },
    { type: 'html', html: '<p>Raw</p>' },
  ],
};

/** Every screen of the dashboard a signed-in owner sees. */
export const PROJECT_SCREENS: Screen[] = [
  { name: 'new project', url: () => '/new-project', heading: 'Create a project' },
  { name: 'account', url: () => '/account', heading: 'Your account' },
  { name: 'invite (signed in)', url: () => '/invite?token=not-a-real-token', heading: 'Join a project' },
  { name: 'overview', url: (s) => p(s), heading: 'Overview' },
  // Contacts and fields.
  { name: 'contacts', url: (s) => p(s, '/contacts'), heading: 'Contacts' },
  {
    name: 'contacts: add dialog',
    url: (s) => p(s, '/contacts'),
    heading: 'Contacts',
    prepare: async (page, tr) => {
      await page
        .getByRole('button', { name: tr('Add contact') })
        .first()
        .click();
      await page.getByRole('dialog', { name: tr('Add a contact') }).waitFor();
    },
  },
  { name: 'contact', url: (s) => p(s, `/contacts/${s.contactId}`), heading: 'ada@a11y.test' },
  { name: 'contacts import', url: (s) => p(s, '/contacts/import'), heading: 'Import contacts' },
  { name: 'contacts import job', url: (s) => p(s, `/contacts/import/${s.importJobId}`), heading: /^Import of / },
  { name: 'fields', url: (s) => p(s, '/fields'), heading: 'Fields' },
  { name: 'field', url: (s) => p(s, '/fields/data.plan'), heading: 'plan' },
  { name: 'field (unknown)', url: (s) => p(s, '/fields/data.nothing'), heading: 'Field not found' },
  // Topics.
  { name: 'topics', url: (s) => p(s, '/topics'), heading: 'Topics' },
  {
    name: 'topics: new dialog',
    url: (s) => p(s, '/topics'),
    heading: 'Topics',
    prepare: async (page, tr) => {
      await page
        .getByRole('button', { name: tr('New topic') })
        .first()
        .click();
      await page.getByRole('dialog', { name: tr('New topic') }).waitFor();
    },
  },
  // Domains.
  { name: 'domains', url: (s) => p(s, '/domains'), heading: 'Domains' },
  {
    name: 'domains: add dialog',
    url: (s) => p(s, '/domains'),
    heading: 'Domains',
    prepare: async (page, tr) => {
      await page
        .getByRole('button', { name: tr('Add domain') })
        .first()
        .click();
      await page.getByRole('dialog', { name: tr('Add a domain') }).waitFor();
    },
  },
  { name: 'domain', url: (s) => p(s, `/domains/${s.domainId}`), heading: 'a11y.test' },
  // Transports.
  { name: 'transports', url: (s) => p(s, '/transports'), heading: 'Transports' },
  {
    name: 'transports: add dialog',
    url: (s) => p(s, '/transports'),
    heading: 'Transports',
    prepare: async (page, tr) => {
      await page
        .getByRole('button', { name: tr('Add transport') })
        .first()
        .click();
      await page
        .getByRole('dialog', { name: tr('Add a transport') })
        .getByLabel(tr('Host'))
        .waitFor();
    },
  },
  {
    name: 'transports: add dialog (SES)',
    url: (s) => p(s, '/transports'),
    heading: 'Transports',
    prepare: async (page, tr) => {
      await page
        .getByRole('button', { name: tr('Add transport') })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: tr('Add a transport') });
      await dialog.getByRole('radio', { name: like(tr('Amazon SES')) }).check();
      await dialog.getByLabel(tr('Secret access key')).waitFor();
    },
  },
  {
    name: 'transports: edit dialog',
    url: (s) => p(s, '/transports'),
    heading: 'Transports',
    prepare: async (page, tr) => {
      await page.getByRole('button', { name: tr('Edit {name}', { name: 'Backup relay' }) }).click();
      await page
        .getByRole('dialog', { name: tr('Edit {name}', { name: 'Backup relay' }) })
        .getByLabel(tr('Password'))
        .waitFor();
    },
  },
  // Settings.
  { name: 'settings: general', url: (s) => p(s, '/settings'), heading: 'Settings' },
  { name: 'settings: sign-up & consent', url: (s) => p(s, '/settings/consent'), heading: 'Settings' },
  { name: 'settings: sending', url: (s) => p(s, '/settings/sending'), heading: 'Settings' },
  { name: 'settings: keys', url: (s) => p(s, '/settings/keys'), heading: 'Settings' },
  { name: 'settings: members', url: (s) => p(s, '/settings/members'), heading: 'Settings' },
  { name: 'settings: security', url: (s) => p(s, '/settings/security'), heading: 'Settings' },
  // Billing needs Stripe: checked on a second server below.
  // Outbox (the server captures mail in tests).
  { name: 'outbox', url: (s) => p(s, '/outbox'), heading: 'Outbox' },
  { name: 'outbox message', url: (s) => p(s, `/outbox/${s.emailId}`), heading: 'Welcome aboard' },
  {
    name: 'outbox message: headers',
    url: (s) => p(s, `/outbox/${s.emailId}?view=headers`),
    heading: 'Welcome aboard',
  },
  // Segments.
  { name: 'segments', url: (s) => p(s, '/segments'), heading: 'Segments' },
  { name: 'new segment', url: (s) => p(s, '/segments/new'), heading: /segment/i },
  { name: 'segment', url: (s) => p(s, `/segments/${s.segmentId}`), heading: 'Pro customers' },
  // Campaigns.
  { name: 'campaigns', url: (s) => p(s, '/campaigns'), heading: 'Campaigns' },
  { name: 'new campaign', url: (s) => p(s, '/campaigns/new'), heading: /campaign/i },
  { name: 'campaign (draft)', url: (s) => p(s, `/campaigns/${s.draftCampaignId}`), heading: 'Summer draft' },
  { name: 'campaign (sent)', url: (s) => p(s, `/campaigns/${s.sentCampaignId}`), heading: 'Spring news' },
  { name: 'campaign (A/B draft)', url: (s) => p(s, `/campaigns/${s.abDraftCampaignId}`), heading: 'Split test' },
  {
    name: 'campaign (A/B waiting)',
    url: (s) => p(s, `/campaigns/${s.abWaitingCampaignId}`),
    heading: 'Split test sent',
    prepare: async (page, tr) => {
      await page
        .getByRole('table', { name: tr('Results per variant') })
        .getByRole('button', { name: tr('Choose {name}', { name: 'B' }) })
        .waitFor();
    },
  },
  {
    name: 'campaign: local-time dialog',
    url: (s) => p(s, `/campaigns/${s.draftCampaignId}`),
    heading: 'Summer draft',
    prepare: async (page, tr) => {
      await page.getByRole('button', { name: tr('Schedule') }).click();
      const dialog = page.getByRole('dialog', { name: tr('Schedule the campaign') });
      await dialog.getByRole('radio', { name: like(tr('At a local time in each recipient’s time zone')) }).check();
      await dialog.getByRole('table', { name: tr('Recipients by time zone') }).waitFor();
    },
  },
  // Templates.
  { name: 'templates', url: (s) => p(s, '/templates'), heading: 'Templates' },
  { name: 'new template', url: (s) => p(s, '/templates/new'), heading: /template/i },
  { name: 'template', url: (s) => p(s, `/templates/${s.templateId}`), heading: 'Welcome' },
  ...EDITOR_SCREENS,
  // Events, activity, analytics.
  { name: 'events', url: (s) => p(s, '/events'), heading: 'Events' },
  { name: 'event', url: (s) => p(s, '/events/signed_up'), heading: 'signed_up' },
  { name: 'activity', url: (s) => p(s, '/activity'), heading: 'Activity' },
  { name: 'analytics', url: (s) => p(s, '/analytics'), heading: 'Analytics' },
  // Workflows.
  { name: 'workflows', url: (s) => p(s, '/workflows'), heading: 'Workflows' },
  { name: 'workflow editor', url: (s) => p(s, `/workflows/${s.workflowId}`), heading: 'Onboarding' },
  {
    name: 'workflow executions',
    url: (s) => p(s, `/workflows/${s.workflowId}/executions`),
    heading: /Onboarding|Executions/,
  },
  {
    name: 'workflow execution',
    url: (s) => p(s, `/workflows/${s.workflowId}/executions/${s.executionId}`),
    heading: /Onboarding|Execution|ada@a11y\.test/,
  },
  // Webhooks and the email log.
  { name: 'webhooks', url: (s) => p(s, '/webhooks'), heading: 'Webhooks' },
  {
    name: 'webhooks: add dialog',
    url: (s) => p(s, '/webhooks'),
    heading: 'Webhooks',
    prepare: async (page, tr) => {
      await page
        .getByRole('button', { name: tr('Add endpoint') })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: tr('Add an endpoint') });
      await dialog.getByLabel(tr('Only the ones I pick')).check();
      await dialog.getByLabel(tr('contact.created')).waitFor();
    },
  },
  { name: 'webhook endpoint', url: (s) => p(s, `/webhooks/${s.endpointId}`), heading: 'Messages' },
  {
    name: 'webhook endpoint: message',
    url: (s) => p(s, `/webhooks/${s.endpointId}`),
    heading: 'Messages',
    prepare: async (page, tr) => {
      await page
        .getByRole('button', { name: tr('webhook.test') })
        .first()
        .click();
      await page
        .getByRole('dialog', { name: tr('webhook.test') })
        .getByText(tr('Payload'))
        .first()
        .waitFor();
    },
  },
  { name: 'email log', url: (s) => p(s, '/emails'), heading: 'Email log' },
  { name: 'email', url: (s) => p(s, `/emails/${s.emailId}`), heading: /Welcome aboard/ },
  { name: 'email (held by a suppression)', url: (s) => p(s, `/emails/${s.heldEmailId}`), heading: /Your receipt/ },
  // Suppressions and the audit log.
  { name: 'suppressions', url: (s) => p(s, '/suppressions'), heading: 'Suppressions' },
  {
    name: 'suppressions: add dialog, a line refused',
    url: (s) => p(s, '/suppressions'),
    heading: 'Suppressions',
    prepare: async (page, tr) => {
      await page
        .getByRole('button', { name: tr('Add suppressions') })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: tr('Add suppressions') });
      await dialog.getByLabel(tr('Addresses and domains')).fill('new@a11y.test\nnot-an-address@');
      await dialog.getByRole('button', { name: tr('Add suppressions') }).click();
      await dialog
        .getByText(
          like(tr('Line {line}: “{entry}” {message}', { line: 2, entry: '@@', message: '' }).split('@@')[0]!, '^'),
        )
        .waitFor();
    },
  },
  {
    name: 'suppressions: delete dialog',
    url: (s) => p(s, '/suppressions'),
    heading: 'Suppressions',
    prepare: async (page, tr) => {
      await page
        .getByRole('button', { name: tr('Delete the rule for {target}', { target: 'held@a11y.test' }) })
        .click();
      await page
        .getByRole('dialog', { name: tr('Delete the rule for {target}?', { target: 'held@a11y.test' }) })
        .waitFor();
    },
  },
  { name: 'suppressions import', url: (s) => p(s, '/suppressions/import'), heading: 'Import suppressions' },
  {
    name: 'suppressions import job',
    url: (s) => p(s, `/suppressions/import/${s.suppressionImportId}`),
    heading: 'Suppression import',
    prepare: async (page, tr) => {
      await page.getByRole('table', { name: tr('Refused lines') }).waitFor();
    },
  },
  { name: 'audit log', url: (s) => p(s, '/audit-log'), heading: 'Audit log' },
  {
    name: 'audit log: entry',
    url: (s) => p(s, '/audit-log'),
    heading: 'Audit log',
    prepare: async (page, tr) => {
      await page
        .getByRole('button', { name: tr('template.updated') })
        .first()
        .click();
      await page
        .getByRole('dialog', { name: tr('template.updated') })
        .getByRole('table')
        .waitFor();
    },
  },
  { name: 'not found', url: (s) => p(s, '/no-such-screen'), heading: 'Page not found' },
  // The empty states of a project with nothing in it yet.
  ...(
    [
      ['overview', '', 'Overview'],
      ['contacts', '/contacts', 'Contacts'],
      ['fields', '/fields', 'Fields'],
      ['domains', '/domains', 'Domains'],
      ['transports', '/transports', 'Transports'],
      ['outbox', '/outbox', 'Outbox'],
      ['segments', '/segments', 'Segments'],
      ['topics', '/topics', 'Topics'],
      ['campaigns', '/campaigns', 'Campaigns'],
      ['templates', '/templates', 'Templates'],
      ['events', '/events', 'Events'],
      ['activity', '/activity', 'Activity'],
      ['analytics', '/analytics', 'Analytics'],
      ['workflows', '/workflows', 'Workflows'],
      ['webhooks', '/webhooks', 'Webhooks'],
      ['email log', '/emails', 'Email log'],
      ['suppressions', '/suppressions', 'Suppressions'],
      ['audit log', '/audit-log', 'Audit log'],
    ] as const
  ).map(([name, path, heading]) => ({
    name: `empty ${name}`,
    url: (s: Seed) => `/p/${s.emptyProjectId}${path}`,
    heading,
  })),
];

/** The screens a signed-out visitor reaches. */
export const SIGNED_OUT_SCREENS: Screen[] = [
  { name: 'login', url: () => '/login', heading: 'Sign in' },
  { name: 'signup', url: () => '/signup', heading: 'Create your account' },
  { name: 'forgot password', url: () => '/forgot-password', heading: /password/i },
  { name: 'reset password', url: () => '/reset-password?token=not-a-real-token', heading: /password/i },
  { name: 'verify email', url: () => '/verify-email?token=not-a-real-token', heading: 'Verify your email' },
  { name: 'invite (signed out)', url: () => '/invite?token=not-a-real-token', heading: 'Join a project' },
  { name: 'not found (signed out)', url: () => '/signup/no-such-page', heading: 'Page not found' },
];
