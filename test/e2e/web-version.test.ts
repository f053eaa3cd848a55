// Invariant: every marketing email links to its web version (in the default footer, and wherever the
// template puts {{ webVersionUrl }}), and that link shows exactly the email its recipient got (subject
// and body with their own data) in a sandboxed frame, without the open pixel: reading it records no
// open. The link is signed: altered, truncated or re-signed for another email it is a 404 page, and
// so it is once the recipient is erased. Transactional mail has no web version.
import { describe, expect, it } from 'vitest';
import { setProjectDisabled } from '../../src/projects/projects.service.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { srcdocOf, viewPaths, webVersionHelpers } from './web-version-helpers.ts';

describe.each(DIALECTS)('the web version on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const h = webVersionHelpers(t);

  /** A project with two contacts and a campaign sent to both; their emails and web version paths. */
  async function sentToTwo() {
    const p = await t.make.project();
    const ann = await t.make.contact(p, { email: 'ann@web.test', data: { firstName: 'Ann', locale: 'de-AT' } });
    const bob = await t.make.contact(p, { email: 'bob@web.test', data: { firstName: 'Bob' } });
    const id = await h.createCampaign(p);
    expect((await h.sendCampaign(p, id)).status).toBe('SENT');
    const [annMail] = await h.outbox(p, ann.email);
    const [bobMail] = await h.outbox(p, bob.email);
    return { p, ann, bob, id, annMail: annMail!, bobMail: bobMail! };
  }

  const opens = async (p: TestProject, emailId: string) => {
    const row = await t.deps.db
      .selectFrom('emails')
      .select(['openCount', 'openedAt', 'clickCount'])
      .where('id', '=', emailId)
      .where('projectId', '=', p.id)
      .executeTakeFirstOrThrow();
    const events = await t.deps.db
      .selectFrom('events')
      .select('id')
      .where('projectId', '=', p.id)
      .where('name', '=', 'email.open')
      .execute();
    return { count: Number(row.openCount), openedAt: row.openedAt, events: events.length };
  };

  it("links each recipient's email to its own web version, in the footer and where the template asks", async () => {
    const { annMail, bobMail } = await sentToTwo();
    for (const mail of [annMail, bobMail]) {
      const paths = viewPaths(mail.html);
      // {{ webVersionUrl }} in the body and the footer's "View in browser": the same link, not click-tracked.
      expect(paths).toHaveLength(2);
      expect(paths[0]).toBe(paths[1]);
      expect(mail.html).not.toMatch(/\/t\/c\/[^"]*"[^>]*>Read online/);
      // The open pixel is in the mail (tracking is on), so its absence from the page below means something.
      expect(mail.html).toContain('/t/o/');
      expect(mail.text).toContain(`http://localhost:3000${paths[0]}`);
    }
    expect(annMail.html).toContain('>Im Browser ansehen</a>');
    expect(bobMail.html).toContain('>View in browser</a>');
    expect(viewPaths(annMail.html)[0]).not.toBe(viewPaths(bobMail.html)[0]);
  });

  it('shows the email as its recipient got it, without the open pixel, and records no open', async () => {
    const { p, annMail, bobMail, id } = await sentToTwo();
    const res = await h.visit(viewPaths(annMail.html)[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(res.body).not.toContain('<script');
    // Localized chrome by the contact's locale (de-AT → de), the subject and the sender.
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('<h1>News for Ann</h1>');
    expect(res.body).toContain('Von news@example.test');
    // The email in a sandboxed frame that may run no script and has no access to this page.
    const frame = /<iframe [^>]*>/.exec(res.body)![0];
    expect(frame).toMatch(/sandbox="[^"]*"/);
    expect(frame).not.toMatch(/allow-scripts|allow-same-origin/);
    const shown = srcdocOf(res.body);
    expect(shown).toContain('Hello Ann (ann@web.test)');
    expect(shown).not.toContain('Bob');
    expect(shown).not.toContain('/t/o/');
    // Everything else is the stored body: the click link stays, the footer too.
    expect(shown).toContain('/t/c/');
    expect(shown.replace('<base target="_blank">', '')).toBe(
      annMail.html.replace(/<img src="[^"]*\/t\/o\/[^"]*"[^>]*>/, ''),
    );
    const annEmail = annMail.emailId;
    expect(await opens(p, annEmail)).toEqual({ count: 0, openedAt: null, events: 0 });
    expect((await h.api(p, 'GET', `/campaigns/${id}/stats`)).json().openedCount).toBe(0);

    const other = await h.visit(viewPaths(bobMail.html)[0]!);
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<html lang="en">');
    expect(other.body).toContain('<h1>News for Bob</h1>');
    expect(srcdocOf(other.body)).toContain('Hello Bob (bob@web.test)');
    expect(srcdocOf(other.body)).not.toContain('Ann');
  });

  it('answers a 404 page for an altered, truncated or re-signed link, and for another purpose’s token', async () => {
    const { annMail, bobMail } = await sentToTwo();
    const annPath = viewPaths(annMail.html)[0]!;
    const [annBody, annMac] = annPath.slice('/view/'.length).split('.') as [string, string];
    const [bobBody] = viewPaths(bobMail.html)[0]!.slice('/view/'.length).split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const unsubscribeToken = /\/unsubscribe\/([^"]+)"/.exec(annMail.html)![1]!;
    const bad = [
      `/view/${flip(annBody, 5)}.${annMac}`,
      `/view/${annBody}.${flip(annMac, 3)}`,
      annPath.slice(0, -1),
      `/view/${annBody}`,
      `/view/${annBody}.`,
      `/view/${bobBody}.${annMac}`,
      `/view/${unsubscribeToken}`,
      '/view/not-a-token',
      `/view/${'a'.repeat(480)}.${'b'.repeat(10)}`,
    ];
    for (const url of bad) {
      const res = await h.visit(url, { 'accept-language': 'fr-CH, en;q=0.5' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<h1>Lien non valide</h1>');
      expect(res.body).not.toContain('Ann');
    }
  });

  it('has no web version for transactional mail; other marketing mail has one', async () => {
    const p = await t.make.project();
    const send = (body: object) =>
      t.app.inject({ method: 'POST', url: '/v1/send', headers: { authorization: p.auth }, payload: body });
    const res = await send({
      to: 'receipt@web.test',
      from: 'shop@example.test',
      subject: 'Your receipt',
      body: '<p>Paid. <a href="{{ webVersionUrl }}">online</a></p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [receipt] = await h.outbox(p, 'receipt@web.test');
    expect(receipt!.html).not.toContain('/view/');
    expect(receipt!.html).toContain('<a href="">online</a>');

    const template = await t.make.template(p, {
      type: 'MARKETING',
      from: 'shop@example.test',
      subject: 'Offer',
      body: '<p>Offer for {{ email }}</p>',
    });
    // Marketing mail goes to subscribed contacts only (a new one from /v1/send is not).
    await t.make.contact(p, { email: 'offer@web.test' });
    const offered = await send({ to: 'offer@web.test', template: template.id });
    expect(offered.statusCode, offered.body).toBe(200);
    const [offer] = await h.outbox(p, 'offer@web.test');
    const paths = viewPaths(offer!.html);
    expect(paths).toHaveLength(1);
    const page = await h.visit(paths[0]!);
    expect(page.statusCode).toBe(200);
    expect(srcdocOf(page.body)).toContain('Offer for offer@web.test');
  });

  it('escapes the subject on the page', async () => {
    const p = await t.make.project();
    await t.make.contact(p, { email: 'x@web.test', data: { firstName: '<b>"X"</b>' } });
    const id = await h.createCampaign(p, { subject: '<script>alert(1)</script> {{ firstName }}' });
    await h.sendCampaign(p, id);
    const [mail] = await h.outbox(p, 'x@web.test');
    const res = await h.visit(viewPaths(mail!.html)[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt; &lt;b&gt;&quot;X&quot;&lt;/b&gt;</h1>');
  });

  it('is gone once the recipient is erased, for that recipient only', async () => {
    const { p, ann, annMail, bobMail } = await sentToTwo();
    const annPath = viewPaths(annMail.html)[0]!;
    expect((await h.visit(annPath)).statusCode).toBe(200);
    expect((await h.api(p, 'POST', `/contacts/${ann.id}/erase`)).statusCode).toBe(200);
    const gone = await h.visit(annPath);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('Ann');
    expect(gone.body).not.toContain('ann@web.test');
    expect((await h.visit(viewPaths(bobMail.html)[0]!)).statusCode).toBe(200);
  });

  it('is a 404 while the project is disabled', async () => {
    const { p, annMail } = await sentToTwo();
    const path = viewPaths(annMail.html)[0]!;
    await setProjectDisabled(t.deps, p.id, true);
    expect((await h.visit(path)).statusCode).toBe(404);
    await setProjectDisabled(t.deps, p.id, false);
    expect((await h.visit(path)).statusCode).toBe(200);
  });
});
