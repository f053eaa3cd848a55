/**
 * An accessibility sweep of the dashboard: every screen, signed out and in, over a project with data
 * in every area, is checked with axe-core (WCAG 2.0/2.1 A and AA and best practices) and fails on a
 * serious or critical violation; at 1024 px and at a phone's 390 px wide no screen scrolls sideways
 * (wide tables scroll inside their own box); and keyboard focus is visible, starting with the skip
 * link and the project switcher. Each screen is saved as it looks at 1280 and at 390 px
 * (test-results/screens/a11y-sqlite-<screen>-<width>.png). A UI sweep: SQLite only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/processes.ts';
import { type HttpListener, startHttpListener } from '../servers/http-listener.ts';
import { type OidcProviderServer, startOidcProvider } from '../servers/oidc-provider.ts';
import { type StripeApiServer, startStripeApi } from '../servers/stripe-api.ts';
import { useBrowserEnv } from './harness.ts';

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

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: unknown[];
  html: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe on the page as it is now; the serious and critical violations, one readable line each. */
async function axeViolations(page: Page): Promise<string[]> {
  // The dashboard's CSP refuses injected <script> tags; evaluate is not subject to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'],
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes
          .slice(0, 10)
          .map((n) => `${JSON.stringify(n.target)} ${n.html.replace(/\s+/g, ' ').slice(0, 140)}`)
          .join('\n    ')}${v.nodes.length > 10 ? ` (+${v.nodes.length - 10} more)` : ''}`,
    );
}

/**
 * Whether the screen has settled: its <main> shown, no loading indicator left (skeleton, spinner,
 * busy region, "Loading" status) and no finite animation running (colour transitions end before
 * contrast is measured). Endless ones are no loading: a live dot, the pulsing mark of a step's
 * missing way out in the workflow editor. Not settled: false, or with `explain` what is still loading.
 * (One page function, not a string: the dashboard's CSP refuses eval, which string predicates need.)
 */
function settled(explain: boolean): true | false | string {
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
    if (/^\s*loading/i.test(label)) left.push(`status "${label.trim()}"`);
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
async function settle(page: Page): Promise<void> {
  try {
    await (await page.waitForFunction(settled, false, { timeout: 10_000 })).dispose();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await (await page.waitForFunction(settled, false, { timeout: 10_000 })).dispose();
  } catch (err) {
    const left = await page.evaluate(settled, true).catch(() => 'the page is gone');
    throw new Error(`${page.url()} did not settle within 10 s: ${left}`, { cause: err });
  }
}

/** How far the page scrolls sideways at its current width (0 when it does not). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

interface Seed {
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

interface Screen {
  name: string;
  /** The URL, from what was seeded. */
  url: (s: Seed) => string;
  /** The screen's h1 (or another heading it shows once loaded). */
  heading: string | RegExp;
  /** Something to do before the check (open a dialog, pick a tab). */
  prepare?: (page: Page) => Promise<void>;
  /** Why the screen is not checked yet (a placeholder, or missing); the lead removes it when it lands. */
  skip?: string;
}

/** A screen's name as a file name: `campaign (draft)` → `campaign-draft`. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Opens the screen, checks it with axe at 1280 px and for sideways scrolling at 1024 and 390 px, and
 * saves what it looks like at 1280 and at 390 px when given `shoot` (test-results/screens/).
 */
async function check(page: Page, screen: Screen, seed: Seed, shoot?: (name: string) => Promise<void>): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(screen.url(seed));
  await page.getByRole('heading', { name: screen.heading }).first().waitFor({ timeout: 15_000 });
  await settle(page);
  await screen.prepare?.(page);
  if (screen.prepare) await settle(page);
  const violations = await axeViolations(page);
  expect(violations, `axe on ${screen.name} (${page.url()}):\n${violations.join('\n')}`).toEqual([]);
  await shoot?.(`${slug(screen.name)}-1280`);

  await page.setViewportSize({ width: 1024, height: 768 });
  await settle(page);
  expect(await overflow(page), `${screen.name} scrolls sideways at 1024 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  expect(await overflow(page), `${screen.name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  await shoot?.(`${slug(screen.name)}-390`);
  await page.setViewportSize({ width: 1280, height: 860 });
}

const p = (s: Seed, rest = '') => `/p/${s.projectId}${rest}`;

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
    prepare: async (page) => {
      await page.getByRole('radio', { name: /Visual editor/ }).check();
      await page.getByRole('region', { name: 'Email content' }).waitFor();
    },
  },
  newsletter('visual editor, text selected', async (page) => {
    await page.getByRole('textbox', { name: 'Text', exact: true }).first().click();
    await page.getByRole('toolbar', { name: 'Text formatting' }).waitFor();
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByLabel('Link address').waitFor();
  }),
  newsletter('visual editor, button settings', async (page) => {
    await page
      .getByRole('group', { name: /^Button block/ })
      .first()
      .click();
    await page.getByRole('region', { name: 'Settings' }).getByLabel('Button link').waitFor();
  }),
  newsletter('visual editor, social settings', async (page) => {
    await page
      .getByRole('group', { name: /^Social links block/ })
      .first()
      .click();
    await page.getByRole('region', { name: 'Settings' }).getByLabel('Address 1').waitFor();
  }),
  newsletter('versions compared', async (page) => {
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await page.getByRole('region', { name: 'Version 1 and version 2' }).getByRole('table').waitFor();
  }),
  newsletter('restore dialog', async (page) => {
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('dialog', { name: 'Restore version 1?' }).waitFor();
  }),
  { name: 'template (MJML)', url: (s) => p(s, `/templates/${s.mjmlTemplateId}`), heading: 'Receipt' },
  {
    name: 'campaign (visual editor draft)',
    url: (s) => p(s, `/campaigns/${s.blocksCampaignId}`),
    heading: 'Autumn letter',
  },
];

/** A block document with every kind of block, for the editor's screens. */
const EVERY_BLOCK = {
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
const PROJECT_SCREENS: Screen[] = [
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
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Add contact' }).first().click();
      await page.getByRole('dialog', { name: 'Add a contact' }).waitFor();
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
    prepare: async (page) => {
      await page.getByRole('button', { name: 'New topic' }).first().click();
      await page.getByRole('dialog', { name: 'New topic' }).waitFor();
    },
  },
  // Domains.
  { name: 'domains', url: (s) => p(s, '/domains'), heading: 'Domains' },
  {
    name: 'domains: add dialog',
    url: (s) => p(s, '/domains'),
    heading: 'Domains',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Add domain' }).first().click();
      await page.getByRole('dialog', { name: 'Add a domain' }).waitFor();
    },
  },
  { name: 'domain', url: (s) => p(s, `/domains/${s.domainId}`), heading: 'a11y.test' },
  // Transports.
  { name: 'transports', url: (s) => p(s, '/transports'), heading: 'Transports' },
  {
    name: 'transports: add dialog',
    url: (s) => p(s, '/transports'),
    heading: 'Transports',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Add transport' }).first().click();
      await page.getByRole('dialog', { name: 'Add a transport' }).getByLabel('Host').waitFor();
    },
  },
  {
    name: 'transports: add dialog (SES)',
    url: (s) => p(s, '/transports'),
    heading: 'Transports',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Add transport' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add a transport' });
      await dialog.getByRole('radio', { name: /Amazon SES/ }).check();
      await dialog.getByLabel('Secret access key').waitFor();
    },
  },
  {
    name: 'transports: edit dialog',
    url: (s) => p(s, '/transports'),
    heading: 'Transports',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Edit Backup relay' }).click();
      await page.getByRole('dialog', { name: 'Edit Backup relay' }).getByLabel('Password').waitFor();
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
    prepare: async (page) => {
      await page
        .getByRole('table', { name: 'Results per variant' })
        .getByRole('button', { name: 'Choose B' })
        .waitFor();
    },
  },
  {
    name: 'campaign: local-time dialog',
    url: (s) => p(s, `/campaigns/${s.draftCampaignId}`),
    heading: 'Summer draft',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Schedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule the campaign' });
      await dialog.getByRole('radio', { name: /At a local time/ }).check();
      await dialog.getByRole('table', { name: 'Recipients by time zone' }).waitFor();
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
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Add endpoint' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add an endpoint' });
      await dialog.getByLabel('Only the ones I pick').check();
      await dialog.getByLabel('contact.created').waitFor();
    },
  },
  { name: 'webhook endpoint', url: (s) => p(s, `/webhooks/${s.endpointId}`), heading: 'Messages' },
  {
    name: 'webhook endpoint: message',
    url: (s) => p(s, `/webhooks/${s.endpointId}`),
    heading: 'Messages',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'webhook.test' }).first().click();
      await page.getByRole('dialog', { name: 'webhook.test' }).getByText('Payload').first().waitFor();
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
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Add suppressions' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add suppressions' });
      await dialog.getByLabel('Addresses and domains').fill('new@a11y.test\nnot-an-address@');
      await dialog.getByRole('button', { name: 'Add suppressions' }).click();
      await dialog.getByText(/^Line 2: /).waitFor();
    },
  },
  {
    name: 'suppressions: delete dialog',
    url: (s) => p(s, '/suppressions'),
    heading: 'Suppressions',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Delete the rule for held@a11y.test' }).click();
      await page.getByRole('dialog', { name: 'Delete the rule for held@a11y.test?' }).waitFor();
    },
  },
  { name: 'suppressions import', url: (s) => p(s, '/suppressions/import'), heading: 'Import suppressions' },
  {
    name: 'suppressions import job',
    url: (s) => p(s, `/suppressions/import/${s.suppressionImportId}`),
    heading: 'Suppression import',
    prepare: async (page) => {
      await page.getByRole('table', { name: 'Refused lines' }).waitFor();
    },
  },
  { name: 'audit log', url: (s) => p(s, '/audit-log'), heading: 'Audit log' },
  {
    name: 'audit log: entry',
    url: (s) => p(s, '/audit-log'),
    heading: 'Audit log',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'template.updated' }).first().click();
      await page.getByRole('dialog', { name: 'template.updated' }).getByRole('table').waitFor();
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
const SIGNED_OUT_SCREENS: Screen[] = [
  { name: 'login', url: () => '/login', heading: 'Sign in' },
  { name: 'signup', url: () => '/signup', heading: 'Create your account' },
  { name: 'forgot password', url: () => '/forgot-password', heading: /password/i },
  { name: 'reset password', url: () => '/reset-password?token=not-a-real-token', heading: /password/i },
  { name: 'verify email', url: () => '/verify-email?token=not-a-real-token', heading: 'Verify your email' },
  { name: 'invite (signed out)', url: () => '/invite?token=not-a-real-token', heading: 'Join a project' },
  { name: 'not found (signed out)', url: () => '/signup/no-such-page', heading: 'Page not found' },
];

describe('dashboard accessibility on sqlite', () => {
  // A loopback receiver for the webhook endpoint's test message (loopback is allowed for it).
  let receiver: HttpListener | undefined;
  // A single sign-on provider, so the sign-in page offers it (nobody signs in through it here).
  let oidc: OidcProviderServer | undefined;
  const env: Record<string, string> = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', OIDC_NAME: 'A11y SSO' };
  beforeAll(async () => {
    receiver = await startHttpListener();
    oidc = await startOidcProvider({ redirectUri: 'http://127.0.0.1/auth/oidc/callback' });
    Object.assign(env, oidc.env());
    // SMTP submission on without a certificate: Settings shows its card with the insecure-auth warning.
    Object.assign(env, { SMTP_SUBMISSION_PORT: String(await freePort()), SMTP_SUBMISSION_ALLOW_INSECURE: 'true' });
  });
  afterAll(async () => {
    await receiver?.close();
    await oidc?.close();
  });
  const t = useBrowserEnv({ dialect: 'sqlite', name: 'a11y', env });
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

  describe('signed out', () => {
    for (const screen of SIGNED_OUT_SCREENS) {
      it.skipIf(Boolean(screen.skip))(screen.name, { timeout: 60_000 }, () =>
        check(t.page, screen, seed, t.screenshot),
      );
    }
  });

  it('seeds a project with data in every area', { timeout: 120_000 }, async () => {
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
    seed.endpointUrl = `${receiver!.url}/hooks`;
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
  });

  describe('signed in', () => {
    for (const screen of PROJECT_SCREENS) {
      it.skipIf(Boolean(screen.skip))(screen.name, { timeout: 60_000 }, () =>
        check(t.page, screen, seed, t.screenshot),
      );
    }
  });

  it('shows keyboard focus: Tab reaches the skip link, then the project switcher', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.goto(p(seed, '/contacts'));
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    /** The focused element: what it is and whether its focus can be seen. */
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return {
          id: el.id,
          text: el.textContent?.trim() ?? '',
          tag: el.tagName.toLowerCase(),
          ring:
            (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
            (style.boxShadow !== 'none' && style.boxShadow !== ''),
          onScreen: box.width > 4 && box.height > 4 && box.top >= 0 && box.left >= 0,
        };
      });

    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Tab');
    const skip = await focused();
    expect(skip).toMatchObject({ tag: 'a', text: 'Skip to content', ring: true, onScreen: true });
    await t.screenshot('skip-link');

    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ id: 'project-switcher', ring: true, onScreen: true });

    // The skip link moves focus to the screen's content.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused())?.id).toBe('main');
    await page.keyboard.press('Tab');
    const first = await focused();
    expect(first?.ring, `first control of the content: ${JSON.stringify(first)}`).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('main')?.id)).toBe('main');
  });

  it('closes dialogs on Escape and with the close button, focus back on the opener', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.goto(p(seed, '/domains'));
    const opener = page.getByRole('button', { name: 'Add domain' }).first();
    const dialog = page.getByRole('dialog', { name: 'Add a domain' });
    await opener.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await opener.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    // Opens again after both ways of closing.
    await opener.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('gives every screen a tab title with the project name', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.goto(p(seed, '/contacts'));
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Contacts · A11y Co · Mailwright');
    await page.getByRole('link', { name: 'Domains' }).click();
    await expect.poll(() => page.title()).toBe('Domains · A11y Co · Mailwright');
    await page.getByRole('link', { name: 'a11y.test', exact: true }).click();
    await expect.poll(() => page.title()).toBe('a11y.test · A11y Co · Mailwright');
    await page.goto(p(seed, '/settings/keys'));
    await expect.poll(() => page.title()).toBe('API keys · Settings · A11y Co · Mailwright');
    await page.goto('/account');
    await expect.poll(() => page.title()).toBe('Your account · Mailwright');
    await page.goto(p(seed, '/no-such-screen'));
    await expect.poll(() => page.title()).toBe('Page not found · A11y Co · Mailwright');
  });
});

describe('dashboard accessibility with billing on sqlite', () => {
  let stripe: StripeApiServer | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    stripe = await startStripeApi();
    Object.assign(env, {
      STRIPE_SECRET_KEY: 'sk_test_mailwright',
      STRIPE_PRICE_ID: 'price_test_pro',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
      STRIPE_API_URL: stripe.url,
    });
  });
  afterAll(async () => {
    await stripe?.close();
  });
  const t = useBrowserEnv({ dialect: 'sqlite', name: 'a11y-billing', env });

  it('settings: billing', { timeout: 60_000 }, async () => {
    const { projectId } = await t.signUpWithProject('Paid Co');
    await check(
      t.page,
      {
        name: 'settings: billing',
        url: (s) => p(s, '/settings/billing'),
        heading: 'This billing period',
      },
      { projectId } as Seed,
      t.screenshot,
    );
  });
});
