// Invariant: each API view is defined once (a TypeBox schema) and agrees with the contract: /openapi.json
// lists exactly the enum values interface.md and decisions.md name, every schema requires the fields the
// contract names, and real answers carry every property their schema requires, nothing it lacks, and
// only listed enum values (the serializer would drop an unlisted field and pass an unlisted value).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITED_ROUTES } from '../../src/audit/audited-routes.ts';
import { issueToken } from '../../src/auth/tokens.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { type DnsServer, startDnsServer } from '../servers/dns-server.ts';
import type { HttpListener } from '../servers/http-listener.ts';
import { type StripeApiServer, startStripeApi } from '../servers/stripe-api.ts';
import { checkAccountViews, checkReportViews, SUSPEND_VOLUME } from './api-views-accounts.ts';
import { multipartBody, uploadCsv } from './contacts-helpers.ts';
import { sampleMessage } from './mail-helpers.ts';
import { at, enumOf, expectConforms, type OpenApi, type Schema } from './openapi-schema.ts';
import { SNS_TOPIC, signSns, startCertHost } from './sns-signing.ts';
import { workflowHelpers } from './workflow-helpers.ts';

/** Audited routes by their OpenAPI key (`post /templates/{id}`) and the action their entry has. */
const AUDIT_BY_DOC_KEY = new Map(
  Object.entries(AUDITED_ROUTES).flatMap(([key, spec]) => {
    if ('skip' in spec) return [];
    const [method, url] = key.split(' ') as [string, string];
    return [[`${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`, spec.action] as const];
  }),
);

const EMAIL_STATUSES = [
  'PENDING',
  'SENDING',
  'SENT',
  'DELIVERED',
  'OPENED',
  'CLICKED',
  'BOUNCED',
  'COMPLAINED',
  'FAILED',
  'SUPPRESSED',
];

/** Enum fields and the values the contract (or decisions.md, where it says "not shown") gives them. */
const ENUMS: Array<[path: string, method: string, status: string, pointer: string, values: unknown[]]> = [
  ['/domains/project/{projectId}', 'get', '200', '[].status', ['PENDING', 'VERIFIED']],
  ['/domains/project/{projectId}', 'get', '200', '[].records.[].purpose', ['DKIM', 'SPF', 'DMARC', 'RETURN_PATH']],
  ['/domains/project/{projectId}', 'get', '200', '[].records.[].type', ['TXT', 'CNAME', 'MX']],
  ['/contacts/import', 'post', '202', 'status', ['queued']],
  ['/contacts/import/{jobId}', 'get', '200', 'status', ['queued', 'processing', 'completed', 'failed']],
  ['/contacts/bulk-delete', 'post', '202', 'status', ['queued']],
  ['/contacts/bulk/{jobId}', 'get', '200', 'status', ['queued', 'processing', 'completed', 'failed']],
  // deleteField: field deletions run as bulk jobs too (docs/contacts.md), beyond the contract's three.
  ['/contacts/bulk/{jobId}', 'get', '200', 'action', ['subscribe', 'unsubscribe', 'delete', 'deleteField']],
  ['/contacts/fields', 'get', '200', 'fields.[].type', ['string', 'number', 'boolean', 'date']],
  ['/users/@me/projects', 'get', '200', '[].tracking', ['ENABLED', 'DISABLED', 'MARKETING_ONLY']],
  ['/users/@me/projects', 'get', '200', '[].role', ['OWNER', 'ADMIN', 'MEMBER']],
  // HEADLESS: decisions.md "Templates and content", beyond the contract's two.
  ['/templates/{id}', 'get', '200', 'type', ['TRANSACTIONAL', 'MARKETING', 'HEADLESS']],
  ['/templates', 'get', '200', 'templates.[].type', ['TRANSACTIONAL', 'MARKETING', 'HEADLESS']],
  // CANCELLED: decisions.md "Campaigns", beyond the contract's four.
  ['/campaigns/{id}', 'get', '200', 'status', ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELLED']],
  ['/campaigns', 'get', '200', 'campaigns.[].status', ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELLED']],
  ['/campaigns', 'post', '201', 'data.status', ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELLED']],
  // decisions.md "Campaigns": `type` carries the audience kind; the content class is emailType.
  ['/campaigns', 'post', '201', 'data.type', ['ALL', 'SEGMENT', 'FILTERED']],
  ['/campaigns', 'get', '200', 'campaigns.[].type', ['ALL', 'SEGMENT', 'FILTERED']],
  ['/campaigns/{id}', 'get', '200', 'audienceType', ['ALL', 'SEGMENT', 'FILTERED']],
  ['/campaigns/{id}', 'get', '200', 'emailType', ['MARKETING', 'HEADLESS', 'TRANSACTIONAL']],
  ['/segments/{id}', 'get', '200', 'type', ['DYNAMIC', 'STATIC']],
  ['/segments', 'get', '200', '[].type', ['DYNAMIC', 'STATIC']],
  // The campaign's own status (decisions.md "Campaigns").
  ['/analytics/top-campaigns', 'get', '200', 'data.[].status', ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELLED']],
  ['/analytics/campaign-stats', 'get', '200', 'data.[].status', ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELLED']],
  // decisions.md "Keys and sessions": roles OWNER, ADMIN, MEMBER.
  ['/projects/{id}/members', 'get', '200', 'members.[].role', ['OWNER', 'ADMIN', 'MEMBER']],
  ['/projects/{id}/members', 'get', '200', 'invites.[].role', ['OWNER', 'ADMIN', 'MEMBER']],
  // beyond.md §5: the email log, with decisions.md's email statuses.
  ['/emails', 'get', '200', 'data.[].status', EMAIL_STATUSES],
  ['/emails', 'get', '200', 'data.[].sourceType', ['TRANSACTIONAL', 'CAMPAIGN', 'WORKFLOW']],
  ['/emails/{id}', 'get', '200', 'attempts.[].result', ['ACCEPTED', 'TEMPORARY_FAILURE', 'PERMANENT_FAILURE']],
  // beyond.md §10: suppression rules, their imports, and the rule that held an email.
  ['/suppressions', 'get', '200', 'data.[].reason', ['BOUNCE', 'COMPLAINT', 'MANUAL', 'ERASED']],
  ['/suppressions', 'post', '201', 'data.[].reason', ['BOUNCE', 'COMPLAINT', 'MANUAL', 'ERASED']],
  ['/suppressions/import', 'post', '202', 'status', ['PENDING', 'RUNNING', 'DONE', 'FAILED']],
  ['/suppressions/imports/{id}', 'get', '200', 'status', ['PENDING', 'RUNNING', 'DONE', 'FAILED']],
  ['/emails', 'get', '200', 'data.[].suppressedBy.reason', ['BOUNCE', 'COMPLAINT', 'MANUAL', 'ERASED']],
  // beyond.md §4: event webhooks.
  ['/webhook-endpoints/{id}/messages', 'get', '200', 'data.[].status', ['PENDING', 'DELIVERED', 'FAILED']],
  ['/webhook-endpoints/{id}/messages/{messageId}', 'get', '200', 'status', ['PENDING', 'DELIVERED', 'FAILED']],
  // decisions.md "Events, workflows".
  ['/workflows', 'get', '200', '[].triggerType', ['EVENT', 'MANUAL', 'SCHEDULE']],
  ['/workflows/{id}', 'get', '200', 'triggerType', ['EVENT', 'MANUAL', 'SCHEDULE']],
  // TRIGGER: the step every workflow is created with (decisions.md), beyond the contract's seven.
  [
    '/workflows/{id}',
    'get',
    '200',
    'steps.[].type',
    ['TRIGGER', 'SEND_EMAIL', 'DELAY', 'WAIT_FOR_EVENT', 'CONDITION', 'WEBHOOK', 'UPDATE_CONTACT', 'EXIT'],
  ],
  ['/workflows/{id}', 'get', '200', 'transitions.[].branch', ['yes', 'no', null]],
  ['/workflows/{id}', 'get', '200', 'transitions.[].condition.branch', ['yes', 'no']],
  ['/workflows/{id}', 'get', '200', 'transitions.[].waitOutcome', ['EVENT', 'TIMEOUT', null]],
  [
    '/workflows/{id}/executions/{executionId}',
    'get',
    '200',
    'status',
    ['RUNNING', 'WAITING', 'COMPLETED', 'EXITED', 'FAILED', 'CANCELLED'],
  ],
  [
    '/workflows/{id}/executions',
    'get',
    '200',
    'data.[].status',
    ['RUNNING', 'WAITING', 'COMPLETED', 'EXITED', 'FAILED', 'CANCELLED'],
  ],
];

/** Fields the contract names for each view; the schema must require them. */
const CONTRACT_FIELDS: Array<[path: string, method: string, status: string, pointer: string, fields: string[]]> = [
  ['/contacts/{id}', 'get', '200', '', ['id', 'email', 'subscribed', 'data', 'createdAt', 'updatedAt']],
  ['/contacts', 'post', '201', '_meta', ['isNew', 'isUpdate']],
  ['/contacts', 'get', '200', '', ['data', 'cursor', 'hasMore', 'total']],
  ['/contacts/lookup', 'post', '200', '', ['found', 'notFound']],
  ['/contacts/fields', 'get', '200', 'fields.[]', ['field', 'type', 'isCustom', 'coverage']],
  ['/contacts/fields/{field}/usage', 'get', '200', '', ['segments', 'campaigns', 'workflows']],
  ['/contacts/import', 'post', '202', '', ['jobId', 'status']],
  ['/contacts/import/{jobId}', 'get', '200', '', ['jobId', 'status', 'totalRows', 'imported', 'updated', 'skipped']],
  ['/contacts/import/{jobId}', 'get', '200', 'errors.[]', ['row', 'email', 'reason']],
  ['/contacts/bulk/{jobId}', 'get', '200', '', ['jobId', 'action', 'status', 'total', 'processed', 'succeeded']],
  ['/contacts/bulk/{jobId}', 'get', '200', '', ['failed']],
  ['/domains', 'post', '201', '', ['records', 'verified']],
  ['/domains', 'post', '201', 'records.[]', ['type', 'name', 'value', 'purpose', 'verified']],
  ['/auth/signup', 'post', '201', 'data.user', ['id', 'email', 'emailVerified']],
  ['/users/@me/projects', 'post', '201', '', ['id', 'name', 'secretKey', 'publicKey']],
  [
    '/v1/verify',
    'post',
    '200',
    'data',
    ['email', 'valid', 'isDisposable', 'isAlias', 'isTypo', 'isPlusAddressed', 'isPersonalEmail', 'domainExists'],
  ],
  ['/v1/verify', 'post', '200', 'data', ['hasWebsite', 'hasMxRecords', 'reasons']],
  ['/templates/{id}', 'get', '200', '', ['id', 'name', 'subject', 'body', 'type', 'createdAt']],
  ['/templates', 'get', '200', '', ['templates', 'total', 'page', 'pageSize', 'totalPages']],
  ['/v1/send', 'post', '200', '', ['success', 'data']],
  ['/v1/send', 'post', '200', 'data', ['emails', 'timestamp']],
  ['/v1/send', 'post', '200', 'data.emails.[]', ['contact', 'email']],
  ['/v1/send', 'post', '200', 'data.emails.[].contact', ['id', 'email']],
  ['/templates/{id}/usage', 'get', '200', '', ['campaigns', 'workflows']],
  ['/campaigns', 'post', '201', '', ['success', 'data']],
  ['/campaigns', 'post', '201', 'data', ['id', 'name', 'subject', 'type', 'status', 'scheduledAt']],
  ['/campaigns', 'get', '200', '', ['campaigns', 'page', 'pageSize', 'total', 'totalPages']],
  ['/campaigns', 'get', '200', 'campaigns.[]', ['id', 'name', 'subject', 'type', 'status', 'scheduledAt']],
  [
    '/campaigns/{id}',
    'get',
    '200',
    '',
    ['id', 'name', 'description', 'subject', 'body', 'from', 'fromName', 'replyTo', 'audienceType', 'segmentId'],
  ],
  ['/campaigns/{id}', 'get', '200', '', ['audienceFilter', 'status', 'scheduledAt', 'type']],
  // beyond.md §11: the public archive's flag.
  ['/campaigns/{id}', 'get', '200', '', ['archive']],
  ['/campaigns/{id}', 'patch', '200', '', ['id', 'status', 'archive']],
  [
    '/campaigns/{id}/stats',
    'get',
    '200',
    '',
    ['totalRecipients', 'sentCount', 'deliveredCount', 'openedCount', 'clickedCount', 'bouncedCount'],
  ],
  ['/campaigns/{id}/stats', 'get', '200', '', ['complainedCount', 'unsubscribedCount', 'openRate', 'clickRate']],
  ['/campaigns/{id}/stats', 'get', '200', '', ['bounceRate']],
  ['/segments', 'post', '201', '', ['id', 'name', 'filters', 'trackMembership', 'memberCount']],
  ['/segments/{id}', 'get', '200', '', ['id', 'name', 'description', 'filters', 'trackMembership', 'memberCount']],
  ['/segments/{id}', 'get', '200', '', ['type']],
  ['/segments/{id}/contacts', 'get', '200', '', ['total', 'page', 'pageSize']],
  ['/v1/track', 'post', '200', '', ['success', 'data']],
  ['/v1/track', 'post', '200', 'data', ['contact', 'event', 'timestamp']],
  ['/events/track', 'post', '200', 'data', ['contact', 'event', 'timestamp']],
  ['/events', 'get', '200', '', ['data', 'cursor', 'hasMore', 'total']],
  ['/events/contact/{contactId}', 'get', '200', '', ['data', 'cursor', 'hasMore', 'total']],
  // decisions.md "Running": the capture outbox.
  ['/outbox', 'get', '200', '', ['data', 'cursor', 'hasMore', 'total']],
  [
    '/outbox',
    'get',
    '200',
    'data.[]',
    ['id', 'emailId', 'to', 'from', 'subject', 'html', 'text', 'headers', 'createdAt'],
  ],
  // beyond.md §6: what an application sends through SMTP submission with.
  ['/smtp-submission', 'get', '200', '', ['enabled', 'host', 'port', 'tls', 'insecureAuthAllowed', 'username']],
  // beyond.md §5: the email log.
  ['/emails', 'get', '200', '', ['data', 'cursor', 'hasMore', 'total']],
  [
    '/emails',
    'get',
    '200',
    'data.[]',
    // biome-ignore format: the contract's list, one line.
    ['id', 'to', 'from', 'subject', 'status', 'sourceType', 'sourceId', 'contactId', 'messageId', 'via', 'createdAt', 'sentAt', 'deliveredAt', 'openedAt', 'clickedAt', 'bouncedAt', 'attemptCount', 'lastError'],
  ],
  ['/emails/{id}', 'get', '200', '', ['attempts', 'events']],
  ['/emails/{id}', 'get', '200', 'attempts.[]', ['at', 'transport', 'result', 'response', 'durationMs']],
  // beyond.md §4: event webhooks.
  [
    '/webhook-endpoints',
    'post',
    '201',
    '',
    ['id', 'url', 'events', 'description', 'enabled', 'disabledReason', 'secret', 'createdAt', 'updatedAt'],
  ],
  ['/webhook-endpoints/{id}', 'get', '200', '', ['id', 'url', 'events', 'description', 'enabled', 'disabledReason']],
  ['/webhook-endpoints/{id}/messages', 'get', '200', '', ['data', 'cursor', 'hasMore', 'total']],
  [
    '/webhook-endpoints/{id}/messages',
    'get',
    '200',
    'data.[]',
    ['id', 'type', 'status', 'attempts', 'createdAt', 'lastAttemptAt', 'nextAttemptAt', 'lastResponse'],
  ],
  ['/webhook-endpoints/{id}/messages/{messageId}', 'get', '200', '', ['payload', 'attemptLog']],
  // beyond.md §7: a project's own transports.
  [
    '/transports/{id}',
    'get',
    '200',
    '',
    ['id', 'name', 'kind', 'url', 'ses', 'streams', 'ratePerSecond', 'priority', 'enabled'],
  ],
  ['/transports/{id}/test', 'post', '200', '', ['ok', 'response']],
  // decisions.md "Events, workflows"; the execution list has the cursor shape of GET /contacts.
  ['/workflows', 'get', '200', '[]', ['name', 'triggerType', 'triggerConfig', 'enabled', 'allowReentry']],
  ['/workflows/{id}', 'get', '200', '', ['name', 'triggerType', 'triggerConfig', 'enabled', 'allowReentry']],
  ['/workflows/{id}', 'get', '200', '', ['steps', 'transitions']],
  ['/workflows/{id}', 'get', '200', 'steps.[]', ['id', 'type', 'config']],
  [
    '/workflows/{id}',
    'get',
    '200',
    'transitions.[]',
    ['id', 'fromStepId', 'toStepId', 'condition', 'branch', 'priority', 'waitOutcome'],
  ],
  ['/workflows/fields', 'get', '200', 'fields.[]', ['field', 'type']],
  ['/workflows/{id}/executions', 'get', '200', '', ['data', 'cursor', 'hasMore', 'total']],
  ['/workflows/{id}/executions/{executionId}', 'get', '200', '', ['id', 'contactId', 'status', 'context', 'steps']],
  ['/workflows/{id}/executions/cancel-all', 'post', '200', '', ['cancelled']],
  // decisions.md "Uploads".
  ['/uploads/image', 'post', '201', '', ['id', 'url', 'contentType', 'size']],
  // beyond.md §10 (notes/44-api.md): suppression rules and their imports.
  ['/suppressions', 'get', '200', '', ['data', 'cursor', 'hasMore', 'total']],
  ['/suppressions', 'get', '200', 'data.[]', ['id', 'reason', 'note', 'createdAt', 'expiresAt']],
  ['/suppressions', 'post', '201', '', ['data']],
  ['/suppressions/imports/{id}', 'get', '200', '', ['id', 'status', 'total', 'processed', 'added', 'errors']],
  ['/suppressions/imports/{id}', 'get', '200', 'errors.[]', ['line', 'message']],
  ['/emails', 'get', '200', 'data.[].suppressedBy', ['id', 'reason']],
];

const STRIPE_WEBHOOK_SECRET = 'whsec_test_views';

/** Property names whose values are a closed set: a response schema must list them. */
const ENUM_NAMES = new Set(['status', 'role', 'tracking', 'purpose', 'action', 'method']);

describe.each(DIALECTS)('API views on %s', (dialect) => {
  let dns: DnsServer;
  let certHost: HttpListener;
  let stripe: StripeApiServer;
  beforeAll(async () => {
    dns = await startDnsServer();
    certHost = await startCertHost();
    stripe = await startStripeApi();
  });
  afterAll(async () => {
    await dns.close();
    await certHost.close();
    await stripe.close();
  });
  const t = useTestEnv({
    dialect,
    env: () => ({
      DNS_SERVERS: dns.server,
      DNS_TIMEOUT_MS: '300',
      SNS_TOPIC_ARNS: SNS_TOPIC,
      SNS_CERT_HOSTS: `127.0.0.1:${certHost.port}`,
      WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${certHost.port}`,
      STRIPE_SECRET_KEY: 'sk_test_mailwright',
      STRIPE_PRICE_ID: 'price_test_pro',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      SUSPEND_MIN_VOLUME: String(SUSPEND_VOLUME),
    }),
  });
  const workflows = workflowHelpers(t);
  let doc: OpenApi;
  const responseSchema = (path: string, method: string, status: string): Schema => {
    const schema = doc.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema;
    if (!schema) throw new Error(`no ${status} schema for ${method.toUpperCase()} ${path}`);
    return schema;
  };
  const loadDoc = async () => {
    doc ??= (await t.app.inject({ url: '/openapi.json' })).json();
  };

  it('lists exactly the contract values for every enum field', async () => {
    await loadDoc();
    for (const [path, method, status, pointer, values] of ENUMS) {
      const got = enumOf(at(responseSchema(path, method, status), pointer));
      expect(got, `${method} ${path} ${pointer}`).toEqual(values);
    }
    const body = doc.paths['/users/@me/projects/{id}']!.patch!.requestBody!.content['application/json']!.schema;
    expect(enumOf(at(body, 'tracking'))).toEqual(['ENABLED', 'DISABLED', 'MARKETING_ONLY']);
  });

  it('gives every status-like field of every response an enum', async () => {
    await loadDoc();
    const open: string[] = [];
    // An HTTP status (a webhook's answer) is a number, not a state: only text fields need a list.
    const numeric = (v: Schema): boolean =>
      ['integer', 'number'].includes(String(v.type)) ||
      (v.anyOf?.every((x) => numeric(x) || x.type === 'null') ?? false);
    const walk = (s: Schema, where: string) => {
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if (ENUM_NAMES.has(k) && !numeric(v) && enumOf(v).length === 0) open.push(`${where}.${k}`);
        walk(v, `${where}.${k}`);
      }
      if (s.items) walk(s.items, `${where}[]`);
      for (const x of [...(s.anyOf ?? []), ...(s.allOf ?? [])]) walk(x, where);
    };
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops))
        for (const [status, r] of Object.entries(op.responses ?? {})) {
          const schema = r.content?.['application/json']?.schema;
          if (schema) walk(schema, `${method} ${path} ${status}`);
        }
    expect(open).toEqual([]);
  });

  it('requires in each schema the fields the contract names', async () => {
    await loadDoc();
    for (const [path, method, status, pointer, fields] of CONTRACT_FIELDS) {
      const s =
        pointer === '' ? responseSchema(path, method, status) : at(responseSchema(path, method, status), pointer);
      expect(s.required, `${method} ${path} ${pointer}`).toEqual(expect.arrayContaining(fields));
    }
  });

  it('answers every view with what its schema requires, nothing it lacks and only listed enum values', async () => {
    await loadDoc();
    const checked = new Set<string>();
    // The audit: each audited change answered here names the entry it wrote (X-Audit-Entry).
    const auditEntries = new Map<string, string>();
    const check = (res: LightMyRequestResponse, path: string, method: string) => {
      const status = String(res.statusCode);
      expectConforms(res.json(), responseSchema(path, method, status), `${method} ${path} ${status}`);
      checked.add(`${method} ${path}`);
      const audit = AUDIT_BY_DOC_KEY.get(`${method} ${path}`);
      if (audit && res.statusCode < 300) {
        const entry = res.headers['x-audit-entry'];
        expect(entry, `${method} ${path} is audited (${audit}) but wrote no entry`).toEqual(expect.any(String));
        auditEntries.set(String(entry), audit);
      }
      return res.json();
    };
    const user = await t.make.user();
    const session = { cookie: user.cookie };
    const signup = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email: 'views@example.test', password: 'long enough password' },
    });
    check(signup, '/auth/signup', 'post');
    const credentials = { email: 'views@example.test', password: 'long enough password' };
    check(await t.app.inject({ method: 'POST', url: '/auth/login', payload: credentials }), '/auth/login', 'post');
    check(await t.app.inject({ url: '/users/@me', headers: session }), '/users/@me', 'get');
    const language = { language: 'de' };
    check(
      await t.app.inject({ method: 'PATCH', url: '/users/@me', headers: session, payload: language }),
      '/users/@me',
      'patch',
    );
    const methods = await t.app.inject({ url: '/users/@me/sign-in-methods', headers: session });
    check(methods, '/users/@me/sign-in-methods', 'get');
    // Account routes (rules in auth-*.test.ts); tokens issued directly, as the mail would carry them.
    const viewsUserId: string = signup.json().data.user.id;
    const token = (purpose: 'VERIFY_EMAIL' | 'RESET_PASSWORD') => issueToken(t.deps, viewsUserId, purpose);
    const post = (url: string, payload: object, headers = {}) =>
      t.app.inject({ method: 'POST', url, payload, headers });
    check(await post('/auth/verify-email', { token: await token('VERIFY_EMAIL') }), '/auth/verify-email', 'post');
    check(await post('/auth/request-verification', {}, session), '/auth/request-verification', 'post');
    const resetRequest = await post('/auth/request-password-reset', { email: 'views@example.test' });
    check(resetRequest, '/auth/request-password-reset', 'post');
    const reset = { token: await token('RESET_PASSWORD'), password: 'long enough password' };
    check(await post('/auth/reset-password', reset), '/auth/reset-password', 'post');
    const samePassword = { currentPassword: user.password, newPassword: user.password };
    check(await post('/users/@me/password', samePassword, session), '/users/@me/password', 'post');
    check(await t.app.inject({ url: '/auth/oauth-config' }), '/auth/oauth-config', 'get');
    check(await t.app.inject({ url: '/config' }), '/config', 'get');
    const project = check(
      await t.app.inject({ method: 'POST', url: '/users/@me/projects', headers: session, payload: { name: 'Views' } }),
      '/users/@me/projects',
      'post',
    );
    check(await t.app.inject({ url: '/users/@me/projects', headers: session }), '/users/@me/projects', 'get');
    const patch = {
      name: 'Views 2',
      tracking: 'MARKETING_ONLY',
      timezone: 'Europe/Berlin',
      sendWindow: { days: ['MON', 'TUE'], start: '22:00', end: '06:00' },
      dailyMarketingCap: 5000,
      warmup: { startedOn: '2026-01-01', startPerDay: 50, growthPercent: 20 },
      mcpWrites: true,
    };
    const url = `/users/@me/projects/${project.id}`;
    check(
      await t.app.inject({ method: 'PATCH', url, headers: session, payload: patch }),
      '/users/@me/projects/{id}',
      'patch',
    );
    const rotated = check(
      await t.app.inject({ method: 'POST', url: `${url}/regenerate-keys`, headers: session }),
      '/users/@me/projects/{id}/regenerate-keys',
      'post',
    );
    check(
      await t.app.inject({ url: `${url}/sending-plan`, headers: session }),
      '/users/@me/projects/{id}/sending-plan',
      'get',
    );
    // The rest of the views sends at any hour.
    await t.app.inject({ method: 'PATCH', url, headers: session, payload: { sendWindow: null } });
    const auth = { authorization: `Bearer ${rotated.secretKey}` };
    const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

    const domain = check(await api('POST', '/domains', { domain: 'views.test' }), '/domains', 'post');
    dns.set(domain.records[0].name, 'TXT', [domain.records[0].value]);
    check(await api('GET', `/domains/${domain.id}/verify`), '/domains/{id}/verify', 'get');
    check(await api('GET', `/domains/project/${project.id}`), '/domains/project/{projectId}', 'get');
    const contact = check(
      await api('POST', '/contacts', { email: 'ann@views.test', data: { plan: 'pro', n: 1 } }),
      '/contacts',
      'post',
    );
    check(await api('GET', `/contacts/${contact.id}`), '/contacts/{id}', 'get');
    check(await api('PATCH', `/contacts/${contact.id}`, { subscribed: false }), '/contacts/{id}', 'patch');
    check(await api('GET', '/contacts'), '/contacts', 'get');
    check(
      await api('POST', '/contacts/lookup', { emails: ['ann@views.test', 'bob@views.test'] }),
      '/contacts/lookup',
      'post',
    );
    // Data rights (docs/consent.md): the export is streamed, so its schema is checked here too.
    check(await api('GET', `/contacts/${contact.id}/export`), '/contacts/{id}/export', 'get');
    const erasable = (await api('POST', '/contacts', { email: 'erase@views.test' })).json();
    check(await api('POST', `/contacts/${erasable.id}/erase`), '/contacts/{id}/erase', 'post');
    check(await api('GET', '/contacts/fields'), '/contacts/fields', 'get');
    check(await api('GET', '/contacts/fields/data.plan/values'), '/contacts/fields/{field}/values', 'get');
    check(await api('GET', '/contacts/fields/data.plan/usage'), '/contacts/fields/{field}/usage', 'get');
    const upload = check(
      await uploadCsv(t.app, auth.authorization, 'email,plan\ncid@views.test,x\nnot-an-email,y\n'),
      '/contacts/import',
      'post',
    );
    const bulk = check(
      await api('POST', '/contacts/bulk-subscribe', { contactIds: [contact.id] }),
      '/contacts/bulk-subscribe',
      'post',
    );
    for (const action of ['bulk-unsubscribe', 'bulk-delete'])
      check(await api('POST', `/contacts/${action}`, { contactIds: ['not-a-contact'] }), `/contacts/${action}`, 'post');
    await t.deps.jobs.drain();
    const imported = check(await api('GET', `/contacts/import/${upload.jobId}`), '/contacts/import/{jobId}', 'get');
    expect(imported).toMatchObject({ status: 'completed', skipped: 1, errors: [expect.objectContaining({ row: 3 })] });
    const done = check(await api('GET', `/contacts/bulk/${bulk.jobId}`), '/contacts/bulk/{jobId}', 'get');
    expect(done).toMatchObject({ status: 'completed', succeeded: 1 });
    check(await api('DELETE', '/contacts/fields/data.n'), '/contacts/fields/{field}', 'delete');
    const template = check(
      await api('POST', '/templates', {
        name: 'T',
        subject: 'Hi',
        body: '<p>x</p>',
        type: 'HEADLESS',
        replyTo: 'r@views.test',
      }),
      '/templates',
      'post',
    );
    check(await api('GET', `/templates/${template.id}`), '/templates/{id}', 'get');
    check(await api('PATCH', `/templates/${template.id}`, { fromName: 'Views' }), '/templates/{id}', 'patch');
    check(await api('POST', `/templates/${template.id}/duplicate`), '/templates/{id}/duplicate', 'post');
    check(await api('GET', '/templates?type=HEADLESS'), '/templates', 'get');
    check(await api('GET', `/templates/${template.id}/usage`), '/templates/{id}/usage', 'get');
    const blocks = { version: 1, blocks: [{ type: 'heading', text: 'Views' }] };
    const tv = `/templates/${template.id}`;
    check(await api('PUT', `${tv}/draft`, { format: 'BLOCKS', document: blocks }), '/templates/{id}/draft', 'put');
    check(await api('POST', `${tv}/publish`, {}), '/templates/{id}/publish', 'post');
    check(await api('GET', `${tv}/versions`), '/templates/{id}/versions', 'get');
    check(await api('GET', `${tv}/versions/2`), '/templates/{id}/versions/{version}', 'get');
    check(await api('POST', `${tv}/versions/1/restore`, {}), '/templates/{id}/versions/{version}/restore', 'post');
    check(await api('GET', `${tv}/preview`), '/templates/{id}/preview', 'get');
    const preview = { format: 'BLOCKS', subject: 'S', document: blocks, data: { a: 1 } };
    check(await api('POST', '/templates/preview', preview), '/templates/preview', 'post');
    const segment = check(
      await api('POST', '/segments', { name: 'Views', filters: { operator: 'AND', conditions: [] } }),
      '/segments',
      'post',
    );
    check(await api('GET', '/segments'), '/segments', 'get');
    check(await api('GET', `/segments/${segment.id}`), '/segments/{id}', 'get');
    check(await api('PATCH', `/segments/${segment.id}`, { trackMembership: true }), '/segments/{id}', 'patch');
    check(await api('GET', `/segments/${segment.id}/contacts?pageSize=5`), '/segments/{id}/contacts', 'get');
    check(await api('POST', `/segments/${segment.id}/compute`), '/segments/{id}/compute', 'post');
    check(await api('POST', `/segments/${segment.id}/refresh`), '/segments/{id}/refresh', 'post');
    check(
      await api('POST', '/segments/preview', { filters: { operator: 'AND', conditions: [] }, sampleSize: 1 }),
      '/segments/preview',
      'post',
    );
    const list = check(await api('POST', '/segments', { name: 'List', type: 'STATIC' }), '/segments', 'post');
    const members = { emails: ['ann@views.test', 'new@views.test'], createMissing: true };
    check(await api('POST', `/segments/${list.id}/members`, members), '/segments/{id}/members', 'post');
    check(await api('DELETE', `/segments/${list.id}/members`, members), '/segments/{id}/members', 'delete');
    // A malformed address is answered without DNS, so this needs no resolver.
    check(await api('POST', '/v1/verify', { email: 'not an address' }), '/v1/verify', 'post');
    const sent = check(
      await api('POST', '/v1/send', { to: 'views@example.test', from: 'a@views.test', subject: 'S', body: 'B' }),
      '/v1/send',
      'post',
    );
    expect(sent.data.emails).toHaveLength(1);
    const tracked = check(
      await api('POST', '/v1/track', { email: 'ann@views.test', event: 'viewed', data: { page: '/x' } }),
      '/v1/track',
      'post',
    );
    check(await api('POST', '/events/track', { email: 'ann@views.test', event: 'clicked' }), '/events/track', 'post');
    check(await api('GET', '/events?name=viewed'), '/events', 'get');
    check(await api('GET', `/events/contact/${tracked.data.contact}`), '/events/contact/{contactId}', 'get');
    check(await api('GET', '/events/stats'), '/events/stats', 'get');
    check(await api('GET', '/events/names'), '/events/names', 'get');
    check(await api('GET', '/events/viewed/usage'), '/events/{eventName}/usage', 'get');
    check(await api('DELETE', '/events/clicked'), '/events/{eventName}', 'delete');
    await t.deps.transport.send(sampleMessage({ projectId: project.id }));
    const outbox = check(await api('GET', '/outbox'), '/outbox', 'get');
    check(await api('GET', '/smtp-submission'), '/smtp-submission', 'get');
    expect(outbox.data).toHaveLength(1);
    const campaignBody = { name: 'C', subject: 'S', body: '<p>x</p>', from: 'a@views.test', audienceType: 'ALL' };
    const campaign = check(await api('POST', '/campaigns', campaignBody), '/campaigns', 'post').data;
    check(await api('PUT', `/campaigns/${campaign.id}`, { ...campaignBody, name: 'C2' }), '/campaigns/{id}', 'put');
    check(await api('PATCH', `/campaigns/${campaign.id}`, { archive: true }), '/campaigns/{id}', 'patch');
    const copy = check(await api('POST', `/campaigns/${campaign.id}/duplicate`), '/campaigns/{id}/duplicate', 'post');
    check(
      await api('POST', `/campaigns/${campaign.id}/test`, { email: 't@views.test' }),
      '/campaigns/{id}/test',
      'post',
    );
    const later = new Date(Date.now() + 3_600_000).toISOString();
    check(await api('POST', `/campaigns/${copy.id}/send`, { scheduledFor: later }), '/campaigns/{id}/send', 'post');
    check(await api('POST', `/campaigns/${copy.id}/cancel`), '/campaigns/{id}/cancel', 'post');
    check(await api('POST', `/campaigns/${campaign.id}/send`, {}), '/campaigns/{id}/send', 'post');
    await t.deps.jobs.drain();
    check(await api('GET', `/campaigns/${campaign.id}`), '/campaigns/{id}', 'get');
    check(await api('GET', '/campaigns?status=SENDING'), '/campaigns', 'get');
    check(await api('GET', `/campaigns/${campaign.id}/stats`), '/campaigns/{id}/stats', 'get');
    check(await api('GET', `/campaigns/${campaign.id}/timeseries`), '/campaigns/{id}/timeseries', 'get');
    check(await api('POST', '/campaigns/audience', { audienceType: 'ALL' }), '/campaigns/audience', 'post');
    const local = { localTime: '09:00', date: '2030-01-01' };
    check(await api('POST', `/campaigns/${campaign.id}/send-plan`, local), '/campaigns/{id}/send-plan', 'post');
    // An A/B test (beyond.md §9) waiting for its winner, chosen by hand; two recipients for two variants.
    await api('POST', '/contacts', { email: 'bo@views.test', subscribed: true });
    const variants = [
      { name: 'A', subject: 'A' },
      { name: 'B', subject: 'B' },
    ];
    const abTest = { testPercent: 50, metric: 'OPENS', waitMinutes: 60, decidedBy: 'MANUAL' };
    const ab = (await api('POST', '/campaigns', { ...campaignBody, name: 'AB', variants, abTest })).json().data;
    check(await api('POST', `/campaigns/${ab.id}/send`, {}), '/campaigns/{id}/send', 'post');
    await t.deps.jobs.drain();
    await t.deps.jobs.drain();
    check(await api('GET', `/campaigns/${ab.id}`), '/campaigns/{id}', 'get');
    check(await api('POST', `/campaigns/${ab.id}/winner`, { variant: 'B' }), '/campaigns/{id}/winner', 'post');
    check(await api('GET', `/campaigns/${ab.id}/stats`), '/campaigns/{id}/stats', 'get');
    expect((await api('DELETE', `/campaigns/${copy.id}`)).statusCode).toBe(204);
    const sender = check(
      await api('POST', '/templates', {
        name: 'S',
        subject: 'Hi',
        body: '<p>x</p>',
        type: 'MARKETING',
        from: 'a@views.test',
      }),
      '/templates',
      'post',
    );
    const workflow = check(await api('POST', '/workflows', { name: 'W', eventName: 'viewed' }), '/workflows', 'post');
    const wf = `/workflows/${workflow.id}`;
    const step = async (body: object) => check(await api('POST', `${wf}/steps`, body), '/workflows/{id}/steps', 'post');
    const cond = await step({ type: 'CONDITION', config: { field: 'data.plan', operator: 'equals', value: 'pro' } });
    const send = await step({ type: 'SEND_EMAIL', config: { templateId: sender.id } });
    const wait = await step({ type: 'WAIT_FOR_EVENT', config: { eventName: 'paid', timeout: 3600 } });
    const exit = await step({ type: 'EXIT', config: { reason: 'timed out' } });
    check(
      await api('PATCH', `${wf}/steps/${exit.id}`, { name: 'End', position: { x: 1, y: 2 } }),
      '/workflows/{id}/steps/{stepId}',
      'patch',
    );
    const edges = [
      { fromStepId: workflow.steps[0].id, toStepId: cond.id },
      { fromStepId: cond.id, toStepId: send.id, branch: 'yes' },
      { fromStepId: cond.id, toStepId: wait.id, condition: { branch: 'no' } },
      { fromStepId: send.id, toStepId: wait.id },
      { fromStepId: wait.id, toStepId: exit.id, waitOutcome: 'TIMEOUT' },
    ];
    for (const e of edges) check(await api('POST', `${wf}/transitions`, e), '/workflows/{id}/transitions', 'post');
    check(await api('PATCH', wf, { enabled: true, allowReentry: true }), '/workflows/{id}', 'patch');
    check(await api('GET', wf), '/workflows/{id}', 'get');
    check(await api('GET', '/workflows'), '/workflows', 'get');
    check(await api('GET', '/workflows/fields'), '/workflows/fields', 'get');
    const run = { contactId: contact.id, context: { source: 'views' } };
    const execution = check(await api('POST', `${wf}/executions`, run), '/workflows/{id}/executions', 'post');
    await workflows.settle();
    const waited = check(
      await api('GET', `${wf}/executions/${execution.id}`),
      '/workflows/{id}/executions/{executionId}',
      'get',
    );
    expect(waited).toMatchObject({ status: 'WAITING', waitingFor: 'paid' });
    expect(waited.steps.map((r: { stepType: string }) => r.stepType)).toEqual(['TRIGGER', 'CONDITION', 'SEND_EMAIL']);
    // With a campaign sent and an execution waiting, the feed, rankings and upcoming lists have rows.
    await checkReportViews(t, check, api, auth.authorization);
    check(await api('GET', `${wf}/executions?status=WAITING`), '/workflows/{id}/executions', 'get');
    check(
      await api('DELETE', `${wf}/executions/${execution.id}`),
      '/workflows/{id}/executions/{executionId}',
      'delete',
    );
    check(await api('POST', `${wf}/executions`, run), '/workflows/{id}/executions', 'post');
    const all = check(
      await api('POST', `${wf}/executions/cancel-all`),
      '/workflows/{id}/executions/cancel-all',
      'post',
    );
    expect(all).toEqual({ cancelled: 1 });
    // The email log (docs/email-log.md); the capture transport never fails, so the FAILED row is made by hand.
    const emailId = sent.data.emails[0].email;
    check(await api('GET', '/emails?sourceType=TRANSACTIONAL'), '/emails', 'get');
    expect(check(await api('GET', `/emails/${emailId}`), '/emails/{id}', 'get').attempts).toHaveLength(1);
    await t.deps.db.updateTable('emails').set({ status: 'FAILED' }).where('id', '=', emailId).execute();
    check(await api('POST', `/emails/${emailId}/retry`), '/emails/{id}/retry', 'post');
    // Suppressions (docs/suppressions.md): rules by hand, an import, the ERASED rule of erase@views.test,
    // and an email a domain rule held (suppressedBy in the log).
    const rules = check(
      await api('POST', '/suppressions', { addresses: ['held@views.test'], domains: ['held-views.test'], note: 'v' }),
      '/suppressions',
      'post',
    );
    const rulesFile = multipartBody('listed@views.test\n*@listed-views.test\nnot an address\n');
    const ruleImport = check(
      await t.app.inject({
        method: 'POST',
        url: '/suppressions/import',
        headers: { ...rulesFile.headers, ...auth },
        payload: rulesFile.payload,
      }),
      '/suppressions/import',
      'post',
    );
    const heldSend = { to: 'someone@held-views.test', from: 'a@views.test', subject: 'S', body: 'B' };
    check(await api('POST', '/v1/send', heldSend), '/v1/send', 'post');
    await t.deps.jobs.drain();
    const listedRules = check(await api('GET', '/suppressions'), '/suppressions', 'get');
    expect(listedRules.data.map((r: { reason: string }) => r.reason).sort()).toEqual([
      'ERASED',
      'MANUAL',
      'MANUAL',
      'MANUAL',
      'MANUAL',
    ]);
    const rulesImported = check(
      await api('GET', `/suppressions/imports/${ruleImport.id}`),
      '/suppressions/imports/{id}',
      'get',
    );
    expect(rulesImported).toMatchObject({ status: 'DONE', added: 2, errors: [expect.objectContaining({ line: 3 })] });
    const held = check(await api('GET', '/emails?status=SUPPRESSED'), '/emails', 'get');
    expect(held.data[0].suppressedBy).toEqual({ id: rules.data[1].id, reason: 'MANUAL' });
    expect((await api('DELETE', `/suppressions/${rules.data[0].id}`)).statusCode).toBe(204);
    // Event webhooks (docs/webhooks.md), sent to the certificate host, which answers any path.
    const hookUrl = `${certHost.url}/hook`;
    const hook = check(
      await api('POST', '/webhook-endpoints', { url: hookUrl, events: ['*'] }),
      '/webhook-endpoints',
      'post',
    );
    const hookPath = `/webhook-endpoints/${hook.id}`;
    check(await api('GET', '/webhook-endpoints'), '/webhook-endpoints', 'get');
    check(await api('GET', hookPath), '/webhook-endpoints/{id}', 'get');
    check(await api('PATCH', hookPath, { description: 'views' }), '/webhook-endpoints/{id}', 'patch');
    check(await api('POST', `${hookPath}/rotate-secret`), '/webhook-endpoints/{id}/rotate-secret', 'post');
    const test = check(await api('POST', `${hookPath}/test`), '/webhook-endpoints/{id}/test', 'post');
    check(await api('GET', `${hookPath}/messages`), '/webhook-endpoints/{id}/messages', 'get');
    const messagePath = `${hookPath}/messages/${test.messageId}`;
    check(await api('GET', messagePath), '/webhook-endpoints/{id}/messages/{messageId}', 'get');
    check(await api('POST', `${messagePath}/retry`), '/webhook-endpoints/{id}/messages/{messageId}/retry', 'post');
    // The project's own transports (docs/transports.md): an SES one, its endpoint the certificate host
    // (exempt from the guard), whose answer to GetAccount the test reads as a failed login.
    const ses = { region: 'eu-west-1', accessKeyId: 'AKIAVIEWS', secretAccessKey: 'views', endpoint: certHost.url };
    const transport = check(
      await api('POST', '/transports', { name: 'views', kind: 'SES', ses, streams: ['MARKETING'] }),
      '/transports',
      'post',
    );
    check(await api('GET', '/transports'), '/transports', 'get');
    check(await api('GET', `/transports/${transport.id}`), '/transports/{id}', 'get');
    check(await api('PATCH', `/transports/${transport.id}`, { enabled: false }), '/transports/{id}', 'patch');
    check(await api('POST', `/transports/${transport.id}/test`), '/transports/{id}/test', 'post');
    // Topics (docs/consent.md).
    const topic = check(await api('POST', '/topics', { name: 'News', defaultSubscribed: true }), '/topics', 'post');
    check(await api('GET', '/topics'), '/topics', 'get');
    check(await api('GET', `/topics/${topic.id}`), '/topics/{id}', 'get');
    check(await api('PATCH', `/topics/${topic.id}`, { public: false }), '/topics/{id}', 'patch');
    // Sign-up (docs/consent.md), with double opt-in so the confirmation route has a sender.
    const signupSettings = { doubleOptIn: true, signupFrom: 'hello@views.test' };
    const signupPatch = await t.app.inject({ method: 'PATCH', url, headers: session, payload: signupSettings });
    check(signupPatch, '/users/@me/projects/{id}', 'patch');
    check(
      await api('POST', '/v1/subscribe', { email: 'join@views.test', topics: [topic.id] }),
      '/v1/subscribe',
      'post',
    );
    check(await api('POST', `/contacts/${contact.id}/confirmation`), '/contacts/{id}/confirmation', 'post');
    const sns = signSns({
      Type: 'Notification',
      MessageId: 'views-1',
      TopicArn: SNS_TOPIC,
      Message: '{"notificationType":"Delivery","mail":{"messageId":"none"}}',
      Timestamp: new Date().toISOString(),
      SigningCertURL: `${certHost.url}/cert.pem`,
    });
    check(await t.app.inject({ method: 'POST', url: '/webhooks/sns', payload: sns }), '/webhooks/sns', 'post');
    // The MCP server (docs/mcp.md): a JSON-RPC answer; a tool call names the entry it wrote (one per call).
    const initialize = {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'views', version: '1' },
    };
    check(
      await api('POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'initialize', params: initialize }),
      '/mcp',
      'post',
    );
    const toolCall = { name: 'list_templates', arguments: { limit: 5 } };
    const mcpCall = await api('POST', '/mcp', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: toolCall });
    expect(check(mcpCall, '/mcp', 'post').result.isError).toBeFalsy();
    expect(mcpCall.headers['x-audit-entry'], 'POST /mcp tools/call wrote no entry').toEqual(expect.any(String));
    auditEntries.set(String(mcpCall.headers['x-audit-entry']), 'mcp.list_templates');
    // The audit log (docs/audit-log.md), after the changes above wrote to it.
    check(await api('GET', '/audit-log?limit=5'), '/audit-log', 'get');
    check(await api('GET', '/audit-log/facets'), '/audit-log/facets', 'get');
    const accounts = { user, projectId: project.id, stripe, webhookSecret: STRIPE_WEBHOOK_SECRET };
    await checkAccountViews(t, check, accounts);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => Object.values(op.responses ?? {}).some((r) => r.content?.['application/json']))
        .map(([method]) => `${method} ${path}`),
    );
    expect(documented.filter((op) => !checked.has(op))).toEqual([]);
    // Every entry a change named is in the log, with the action the audit list gives its route.
    const rows = await t.deps.db
      .selectFrom('auditLog')
      .select(['id', 'action'])
      .where('id', 'in', [...auditEntries.keys()])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.action]))).toEqual(Object.fromEntries(auditEntries));
    expect(auditEntries.size).toBeGreaterThan(40);
    // Every view of the API in one test: ~20 s alone, more beside other files.
  }, 120_000);
});
