// Invariant: POST /mcp is an MCP server (Streamable HTTP, stateless) for a project's secret key: its read
// tools answer small pages of the project's own data only; its write tools are listed and run only while
// the project's mcpWrites is on, through the services the HTTP routes use (send_email to one person);
// bad arguments are a tool error naming the field and change nothing; every tool call leaves one audit
// entry `mcp.<tool>` with the key as actor.
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock.ts';
import { auditedToolCall } from '../../src/mcp/tool-audit.ts';
import { createCampaignDraftTool } from '../../src/mcp/tools/campaigns.ts';
import { listContactsTool } from '../../src/mcp/tools/contacts.ts';
import { sendEmailTool } from '../../src/mcp/tools/sending.ts';
import type { McpTool } from '../../src/mcp/tools/types.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { answerOf, errorOf, mcpHelpers, READ_TOOLS, WRITE_TOOLS } from './mcp-helpers.ts';
import { sendHelpers } from './send-helpers.ts';
import { expectEnvelope, expectError } from './support.ts';

describe.each(DIALECTS)('the MCP server on %s', (dialect) => {
  // A clock the audit test moves during a call; it starts now, so sessions and sends see the present.
  const clock = manualClock(new Date());
  const t = useTestEnv({ dialect, clock, env: { REQUIRE_VERIFIED_DOMAIN: 'false', RATE_LIMIT_PER_MINUTE: '1000000' } });
  const mcp = mcpHelpers(t);
  const { outbox } = sendHelpers(t);
  const countContacts = async (projectId: string) =>
    Number(
      (
        await t.deps.db
          .selectFrom('contacts')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('projectId', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const countEmails = async (projectId: string) =>
    (await t.deps.db.selectFrom('emails').select('id').where('projectId', '=', projectId).execute()).length;

  it('lists the read tools, and the write tools only while mcpWrites is on', async () => {
    const p = await t.make.project();
    const client = await mcp.connect(p.secretKey);
    const names = async () => (await client.listTools()).tools.map((x) => x.name);
    expect(await names()).toEqual(READ_TOOLS);
    const project = await t.app.inject({ url: '/users/@me/projects', headers: { cookie: p.owner.cookie } });
    expect(project.json().find((x: { id: string }) => x.id === p.id).mcpWrites).toBe(false);
    await mcp.setWrites(p, true);
    const log = await t.app.inject({ url: '/audit-log?action=project.updated', headers: { authorization: p.auth } });
    expect(log.json().data[0].changes).toMatchObject({ mcpWrites: [false, true] });
    expect(await names()).toEqual([...READ_TOOLS, ...WRITE_TOOLS]);
    const tools = (await client.listTools()).tools;
    const send = tools.find((x) => x.name === 'send_email')!;
    expect(send.inputSchema).toMatchObject({ type: 'object', required: ['to'] });
    expect(tools.find((x) => x.name === 'list_contacts')!.annotations).toMatchObject({ readOnlyHint: true });
    await mcp.setWrites(p, false);
    expect(await names()).toEqual(READ_TOOLS);
  });

  it('pages list_contacts with a cursor, 20 by default and at most 100, and searches by address', async () => {
    const p = await t.make.project();
    const made = await t.make.contacts(p, 45);
    const client = await mcp.connect(p.secretKey);
    const first = answerOf(await client.callTool({ name: 'list_contacts', arguments: {} }));
    expect(first.contacts).toHaveLength(20);
    expect(first.total).toBe(45);
    expect(Object.keys(first.contacts[0]).sort()).toEqual(['createdAt', 'data', 'email', 'id', 'subscribed']);
    const seen = [...first.contacts];
    let cursor = first.nextCursor;
    const sizes = [];
    while (cursor) {
      const page = answerOf(await client.callTool({ name: 'list_contacts', arguments: { limit: 20, cursor } }));
      expect(page.total).toBeUndefined();
      sizes.push(page.contacts.length);
      seen.push(...page.contacts);
      cursor = page.nextCursor;
    }
    expect(sizes).toEqual([20, 5]);
    // Newest first, each contact once.
    expect(seen.map((c) => c.id)).toEqual(made.map((c) => c.id).reverse());
    const one = made[7]!;
    const found = answerOf(
      await client.callTool({ name: 'list_contacts', arguments: { query: one.email.slice(0, 12) } }),
    );
    expect(found.contacts.map((c: { id: string }) => c.id)).toEqual([one.id]);
    expect(errorOf(await client.callTool({ name: 'list_contacts', arguments: { limit: 101 } }))).toMatch(/limit/);
    const bad = errorOf(await client.callTool({ name: 'list_contacts', arguments: { cursor: 'nope' } }));
    expect(bad).toMatch(/INVALID_CURSOR|cursor/);
  });

  it("gets a contact by id or by email; an unknown one and another project's are not found", async () => {
    const p = await t.make.project();
    const other = await t.make.project();
    const ann = await t.make.contact(p, { email: 'ann@mcp.test', data: { plan: 'pro' } });
    const theirs = await t.make.contact(other, { email: 'theirs@mcp.test', data: { secret: 'other-only' } });
    const client = await mcp.connect(p.secretKey);
    const byId = answerOf(await client.callTool({ name: 'get_contact', arguments: { id: ann.id } }));
    expect(byId.contact).toMatchObject({ id: ann.id, email: 'ann@mcp.test', data: { plan: 'pro' }, subscribed: true });
    const byEmail = answerOf(await client.callTool({ name: 'get_contact', arguments: { email: 'ANN@mcp.test' } }));
    expect(byEmail.contact.id).toBe(ann.id);
    for (const args of [{ id: theirs.id }, { email: 'theirs@mcp.test' }, { id: 'not-a-contact' }]) {
      const text = errorOf(await client.callTool({ name: 'get_contact', arguments: args }));
      expect(text).toMatch(/^CONTACT_NOT_FOUND/);
      expect(text).not.toContain('other-only');
    }
    expect(errorOf(await client.callTool({ name: 'get_contact', arguments: {} }))).toMatch(/VALIDATION_ERROR.*id/);
  });

  it('answers templates, campaigns, campaign stats and the email log in small pages of the project', async () => {
    const p = await t.make.project();
    const other = await t.make.project();
    const asP = { authorization: p.auth };
    const template = await t.make.template(p, { name: 'Welcome', subject: 'Hi' });
    const campaign = (
      await t.app.inject({
        method: 'POST',
        url: '/campaigns',
        headers: asP,
        payload: { name: 'Launch', subject: 'News', body: '<p>x</p>', from: 'news@mcp.test', audienceType: 'ALL' },
      })
    ).json().data;
    const theirs = (
      await t.app.inject({
        method: 'POST',
        url: '/campaigns',
        headers: { authorization: other.auth },
        payload: { name: 'Theirs', subject: 'News', body: '<p>x</p>', from: 'news@mcp.test', audienceType: 'ALL' },
      })
    ).json().data;
    for (const to of ['log1@mcp.test', 'log2@mcp.test']) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/v1/send',
        headers: asP,
        payload: { to, from: 'hi@mcp.test', subject: 'Logged', body: '<p>x</p>' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const client = await mcp.connect(p.secretKey);
    const templates = answerOf(await client.callTool({ name: 'list_templates', arguments: {} }));
    expect(templates).toMatchObject({ total: 1, nextCursor: null });
    expect(templates.templates[0]).toMatchObject({ id: template.id, name: 'Welcome', subject: 'Hi' });
    expect(templates.templates[0].body).toBeUndefined();
    const campaigns = answerOf(await client.callTool({ name: 'list_campaigns', arguments: { status: 'DRAFT' } }));
    expect(campaigns.campaigns.map((c: { id: string }) => c.id)).toEqual([campaign.id]);
    expect(campaigns.campaigns[0]).toMatchObject({ name: 'Launch', status: 'DRAFT', sentCount: 0 });
    const stats = answerOf(await client.callTool({ name: 'get_campaign_stats', arguments: { id: campaign.id } }));
    expect(stats).toMatchObject({ id: campaign.id, sentCount: 0, openedCount: 0, clickedCount: 0, bouncedCount: 0 });
    const foreign = errorOf(await client.callTool({ name: 'get_campaign_stats', arguments: { id: theirs.id } }));
    expect(foreign).toMatch(/^CAMPAIGN_NOT_FOUND/);
    const log = answerOf(await client.callTool({ name: 'search_email_log', arguments: { limit: 1 } }));
    expect(log.emails).toHaveLength(1);
    expect(log).toMatchObject({ total: 2, nextCursor: expect.any(String) });
    expect(log.emails[0]).toMatchObject({ to: 'log2@mcp.test', subject: 'Logged', sourceType: 'TRANSACTIONAL' });
    const next = answerOf(
      await client.callTool({ name: 'search_email_log', arguments: { limit: 1, cursor: log.nextCursor } }),
    );
    expect(next.emails.map((e: { to: string }) => e.to)).toEqual(['log1@mcp.test']);
    const byRecipient = answerOf(
      await client.callTool({ name: 'search_email_log', arguments: { recipient: 'LOG1@mcp.test', status: 'PENDING' } }),
    );
    expect(byRecipient.emails.map((e: { to: string }) => e.to)).toEqual(['log1@mcp.test']);
    const badStatus = errorOf(await client.callTool({ name: 'search_email_log', arguments: { status: 'LOST' } }));
    expect(badStatus).toMatch(/status/);
  });

  it('refuses write tools while mcpWrites is off, saying how to turn it on, and changes nothing', async () => {
    const p = await t.make.project();
    const client = await mcp.connect(p.secretKey);
    const calls = [
      { name: 'upsert_contact', arguments: { email: 'off@mcp.test' } },
      { name: 'track_event', arguments: { email: 'off@mcp.test', event: 'signed_up' } },
      { name: 'send_email', arguments: { to: 'off@mcp.test', from: 'a@mcp.test', subject: 's', body: '<p>x</p>' } },
      { name: 'create_campaign_draft', arguments: { subject: 's', body: '<p>x</p>', from: 'a@mcp.test' } },
    ];
    for (const call of calls) {
      const text = errorOf(await client.callTool(call));
      expect(text).toMatch(/^MCP_WRITES_DISABLED: Write tools are disabled for this project/);
      expect(text).toContain('"mcpWrites": true');
    }
    expect(await countContacts(p.id)).toBe(0);
    expect(await countEmails(p.id)).toBe(0);
    const campaigns = await t.app.inject({ url: '/campaigns', headers: { authorization: p.auth } });
    expect(campaigns.json().total).toBe(0);
  });

  it('upserts a contact, tracks an event, sends one email and drafts a campaign once writes are on', async () => {
    const p = await t.make.project();
    await mcp.setWrites(p, true);
    const client = await mcp.connect(p.secretKey);
    const made = answerOf(
      await client.callTool({ name: 'upsert_contact', arguments: { email: 'Bo@MCP.test', data: { plan: 'pro' } } }),
    );
    expect(made).toMatchObject({
      created: true,
      contact: { email: 'bo@mcp.test', subscribed: true, data: { plan: 'pro' } },
    });
    const again = answerOf(
      await client.callTool({ name: 'upsert_contact', arguments: { email: 'bo@mcp.test', data: { seats: 3 } } }),
    );
    expect(again).toMatchObject({ created: false, contact: { id: made.contact.id, data: { plan: 'pro', seats: 3 } } });

    const tracked = answerOf(
      await client.callTool({
        name: 'track_event',
        arguments: { email: 'bo@mcp.test', event: 'upgraded', data: { to: 'team' } },
      }),
    );
    expect(tracked.contact).toBe(made.contact.id);
    const events = await t.app.inject({ url: `/events?name=upgraded`, headers: { authorization: p.auth } });
    expect(events.json().data.map((e: { id: string }) => e.id)).toEqual([tracked.event]);

    const sent = answerOf(
      await client.callTool({
        name: 'send_email',
        arguments: {
          to: { name: 'Bo', email: 'bo@mcp.test' },
          from: 'hi@mcp.test',
          subject: 'Hello {{ plan }}',
          body: '<p>Plan {{ plan }}</p>',
        },
      }),
    );
    expect(sent).toMatchObject({ contact: { id: made.contact.id, email: 'bo@mcp.test' }, status: 'PENDING' });
    const [mail] = await outbox(p, 'bo@mcp.test');
    expect(mail).toMatchObject({ emailId: sent.email, subject: 'Hello pro', from: 'hi@mcp.test' });
    expect(mail!.html).toContain('Plan pro');

    const draft = answerOf(
      await client.callTool({
        name: 'create_campaign_draft',
        arguments: { subject: 'Big news', body: '<p>Hi {{ plan ?? "there" }}</p>', from: 'news@mcp.test' },
      }),
    );
    expect(draft.campaign).toMatchObject({ name: 'Big news', subject: 'Big news', status: 'DRAFT', type: 'ALL' });
    const stored = await t.app.inject({ url: `/campaigns/${draft.campaign.id}`, headers: { authorization: p.auth } });
    expect(stored.json()).toMatchObject({ status: 'DRAFT', from: 'news@mcp.test', audienceType: 'ALL' });
  });

  it('refuses send_email to two recipients, pointing to a campaign draft, and queues nothing', async () => {
    const p = await t.make.project();
    await mcp.setWrites(p, true);
    const client = await mcp.connect(p.secretKey);
    const body = { from: 'hi@mcp.test', subject: 's', body: '<p>x</p>' };
    const text = errorOf(
      await client.callTool({ name: 'send_email', arguments: { ...body, to: ['a@mcp.test', 'b@mcp.test'] } }),
    );
    expect(text).toMatch(/use create_campaign_draft for mail to many people/);
    expect(await countEmails(p.id)).toBe(0);
    expect(await countContacts(p.id)).toBe(0);
    // One recipient given as a list of one is one person.
    answerOf(await client.callTool({ name: 'send_email', arguments: { ...body, to: ['solo@mcp.test'] } }));
    expect(await countEmails(p.id)).toBe(1);
    // Marketing mail to someone unsubscribed is refused with /v1/send's own error, and nothing is queued.
    await t.make.contact(p, { email: 'gone@mcp.test', subscribed: false });
    const news = await t.make.template(p, { type: 'MARKETING', subject: 'News', body: '<p>News</p>' });
    const refused = errorOf(
      await client.callTool({
        name: 'send_email',
        arguments: { to: 'gone@mcp.test', from: 'hi@mcp.test', template: news.id },
      }),
    );
    expect(refused).toMatch(/^CONTACT_UNSUBSCRIBED: /);
    expect(await countEmails(p.id)).toBe(1);
  });

  it('answers bad arguments with a tool error naming the field, and changes nothing', async () => {
    const p = await t.make.project();
    await mcp.setWrites(p, true);
    const client = await mcp.connect(p.secretKey);
    // Each bad call names its field: in the text, and as `errors[].field` of the structured error.
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['upsert_contact', { email: 'not-an-email' }, 'email'],
      ['upsert_contact', { data: { a: 1 } }, 'email'],
      ['upsert_contact', { email: 'x@mcp.test', subscribed: 'yes' }, 'subscribed'],
      ['send_email', { to: 'x@mcp.test', from: 'hi@mcp.test', subject: 5, body: '<p>x</p>' }, 'subject'],
      ['send_email', { to: 'x@mcp.test', from: 'hi@mcp.test', subject: 'a\nb', body: '<p>x</p>' }, 'subject'],
      ['send_email', { to: 'nobody', from: 'hi@mcp.test', subject: 's', body: '<p>x</p>' }, 'to'],
      ['track_event', { email: 'x@mcp.test', event: 'email.opened' }, 'event'],
      ['create_campaign_draft', { subject: 's', body: '<p>x</p>' }, 'from'],
      ['create_campaign_draft', { subject: 's', body: '{% if %}', from: 'a@mcp.test' }, 'body'],
      ['get_campaign_stats', {}, 'id'],
    ];
    for (const [name, args, field] of cases) {
      const result = await client.callTool({ name, arguments: args });
      const label = `${name} ${JSON.stringify(args)}`;
      expect(errorOf(result), label).toMatch(new RegExp(`^VALIDATION_ERROR: .*\\b${field}\\b`));
      const error = (result.structuredContent as { error: { errors: Array<{ field: string }> } }).error;
      expect(
        error.errors.map((e) => e.field),
        label,
      ).toContain(field);
    }
    expect(await countContacts(p.id)).toBe(0);
    expect(await countEmails(p.id)).toBe(0);
    expect((await t.app.inject({ url: '/campaigns', headers: { authorization: p.auth } })).json().total).toBe(0);
    expect(errorOf(await client.callTool({ name: 'drop_tables', arguments: {} }))).toMatch(
      /Unknown tool "drop_tables"/,
    );
  });

  it('refuses a missing or wrong key with 401 and a public key with 403, in the envelope', async () => {
    const p = await t.make.project();
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const wrong = await mcp.post('sk_wrongwrongwrongwrongwrong', initialize);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('INVALID_API_KEY');
    const none = await t.app.inject({ method: 'POST', url: '/mcp', payload: initialize });
    expectError(none, 401, 'MISSING_AUTH');
    const publicKey = await mcp.post(p.publicKey, initialize);
    expect(publicKey.status).toBe(403);
    await expect(mcp.connect('sk_wrongwrongwrongwrongwrong')).rejects.toThrow(/401/);
    const ok = await mcp.post(p.secretKey, initialize);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { result: unknown }).result).toMatchObject({
      serverInfo: { name: 'mailwright' },
      capabilities: { tools: {} },
    });
    expect(ok.headers.get('x-audit-entry')).toBeNull();
  });

  it('answers GET and DELETE with 405, and a batch or a message that is not JSON-RPC with the envelope', async () => {
    const p = await t.make.project();
    const headers = { authorization: p.auth };
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/mcp', headers });
      expectError(res, 405, 'METHOD_NOT_ALLOWED');
      expect(res.headers.allow).toBe('POST');
    }
    const batch = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers,
      payload: [{ jsonrpc: '2.0', id: 1, method: 'ping' }],
    });
    expectError(batch, 422, 'VALIDATION_ERROR');
    const neither = await t.app.inject({ method: 'POST', url: '/mcp', headers, payload: { jsonrpc: '2.0', id: 1 } });
    expectError(neither, 400, 'INVALID_MCP_MESSAGE');
    const notification = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers,
      payload: { jsonrpc: '2.0', method: 'notifications/initialized' },
    });
    expect(notification.statusCode, notification.body).toBe(202);
    expect(notification.body).toBe('');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers,
      payload: { jsonrpc: '2.0', id: 7, method: 'nope' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32601 } });
    expectEnvelope(neither);
  });

  it('records each tool call as one mcp.<tool> entry naming the key, and none for initialize or tools/list', async () => {
    const p = await t.make.project();
    const ann = await t.make.contact(p, { email: 'ann@audit.test' });
    const client = await mcp.connect(p.secretKey);
    await client.listTools();
    answerOf(await client.callTool({ name: 'list_contacts', arguments: {} }));
    answerOf(await client.callTool({ name: 'get_contact', arguments: { id: ann.id } }));
    errorOf(await client.callTool({ name: 'upsert_contact', arguments: { email: 'refused@audit.test' } }));
    await mcp.setWrites(p, true);
    const made = answerOf(await client.callTool({ name: 'upsert_contact', arguments: { email: 'new@audit.test' } }));
    errorOf(await client.callTool({ name: 'upsert_contact', arguments: { email: 'bad' } }));
    const call = { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'list_templates', arguments: {} } };
    const raw = await mcp.post(p.secretKey, call, { 'user-agent': 'McpAuditTest/1.0' });
    expect(raw.status).toBe(200);
    const header = raw.headers.get('x-audit-entry');

    const entries = await mcp.mcpEntries(p);
    expect(entries.map((e) => e.action)).toEqual([
      'mcp.list_templates',
      'mcp.upsert_contact',
      'mcp.upsert_contact',
      'mcp.upsert_contact',
      'mcp.get_contact',
      'mcp.list_contacts',
    ]);
    const hint = p.secretKey.slice(-4);
    for (const e of entries) expect(e.actor).toEqual({ type: 'KEY', id: `sk_…${hint}` });
    const [templates, bad, upserted, refused, got, listed] = entries;
    expect(header).toBe(templates!.id);
    expect(templates!.resource).toEqual({ type: 'template', id: null });
    expect(bad!.changes).toEqual({ error: [null, 'VALIDATION_ERROR'] });
    expect(upserted).toMatchObject({ resource: { type: 'contact', id: made.contact.id } });
    expect(upserted!.changes).toBeUndefined();
    expect(refused!.changes).toEqual({ error: [null, 'MCP_WRITES_DISABLED'] });
    expect(got!.resource).toEqual({ type: 'contact', id: ann.id });
    expect(listed!.ip).toBe('127.0.0.1');
    // The write's entry is sealed; nothing of the people's data is kept.
    const rows = await t.deps.db.selectFrom('auditLog').selectAll().where('projectId', '=', p.id).execute();
    expect(rows.every((r) => Boolean(r.sealed))).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/new@audit\.test|ann@audit\.test|refused@audit\.test/);
  });

  it("writes a write tool's entry in its change's transaction (stamped before the call ended), a read tool's after it", async () => {
    const p = await t.make.project();
    const caller = {
      projectId: p.id,
      origin: { ip: '127.0.0.1', userAgent: null },
      actor: async () => ({ type: 'KEY' as const, id: 'sk_…test' }),
    };
    const row = (id: string) =>
      t.deps.db.selectFrom('auditLog').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // The clock moves after the tool's change: an entry the change's transaction carried has the earlier time.
    const calls: Array<[McpTool, Record<string, unknown>]> = [
      [createCampaignDraftTool, { subject: 'Scoped', body: '<p>x</p>', from: 'news@mcp.test' }],
      [sendEmailTool, { to: 'scoped@mcp.test', from: 'hi@mcp.test', subject: 's', body: '<p>x</p>' }],
    ];
    for (const [tool, args] of calls) {
      const started = clock.now().toISOString();
      const outcome = await auditedToolCall(t.deps, caller, tool, async () => {
        const answer = await tool.run(t.deps, p.id, args);
        clock.advance(60_000);
        return answer;
      });
      const written = await row(outcome.entryId);
      expect(new Date(written.at).toISOString(), tool.name).toBe(started);
      expect(written).toMatchObject({ action: `mcp.${tool.name}`, resourceId: outcome.answer!.resourceId });
      expect(Boolean(written.sealed)).toBe(true);
    }
    const started = clock.now().getTime();
    const read = await auditedToolCall(t.deps, caller, listContactsTool, async () => {
      const answer = await listContactsTool.run(t.deps, p.id, { limit: 5 });
      clock.advance(60_000);
      return answer;
    });
    expect(new Date((await row(read.entryId)).at).getTime()).toBe(started + 60_000);
  });
});
