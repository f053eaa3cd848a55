/** Shared by the web version and archive tests: API calls, a campaign sent to the end, links read from mail. */
import { expect } from 'vitest';
import { campaignTick } from '../../src/campaigns/campaigns.jobs.ts';
import type { TestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import type { OutboxItem } from './send-helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function webVersionHelpers(t: TestEnv) {
  const api = (p: TestProject, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });
  /** A public GET as a browser makes it (no key). */
  const visit = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  const campaignBody = (over: Record<string, unknown> = {}) => ({
    name: 'Spring news',
    subject: 'News for {{ firstName ?? "there" }}',
    body: '<html><head><title>x</title></head><body><p>Hello {{ firstName ?? "there" }} ({{ email }})</p><p><a href="{{ webVersionUrl }}">Read online</a> <a href="https://example.com/spring">Spring</a></p></body></html>',
    from: 'news@example.test',
    audienceType: 'ALL',
    ...over,
  });

  return {
    api,
    visit,
    campaignBody,
    async createCampaign(p: TestProject, over: Record<string, unknown> = {}): Promise<string> {
      const res = await api(p, 'POST', '/campaigns', campaignBody(over));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id;
    },
    /** Sends the campaign now and runs jobs and the minutely tick until it has left SENDING; answers its view. */
    async sendCampaign(p: TestProject, id: string) {
      const sent = await api(p, 'POST', `/campaigns/${id}/send`, {});
      expect(sent.statusCode, sent.body).toBe(200);
      for (let i = 0; i < 50; i++) {
        await t.deps.jobs.drain();
        await campaignTick(t.deps);
        const view = (await api(p, 'GET', `/campaigns/${id}`)).json();
        if (view.status !== 'SENDING') {
          await t.deps.jobs.drain();
          return view;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('campaign still SENDING');
    },
    /** What the capture transport holds for `to`, newest first, after running due jobs. */
    async outbox(p: TestProject, to: string): Promise<OutboxItem[]> {
      await t.deps.jobs.drain();
      const res = await api(p, 'GET', `/outbox?to=${encodeURIComponent(to)}`);
      expect(res.statusCode).toBe(200);
      return res.json().data;
    },
  };
}

/** The paths (`/view/<token>`) of every web version link in an HTML body, in order. */
export function viewPaths(html: string): string[] {
  return [...html.matchAll(/href="https?:\/\/[^/"]+(\/view\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)"/g)].map((m) => m[1]!);
}

/** The HTML an iframe's srcdoc attribute holds, decoded. */
export function srcdocOf(page: string): string {
  const m = /<iframe [^>]*srcdoc="([^"]*)"/.exec(page);
  if (!m) throw new Error('no email frame on the page');
  return m[1]!
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
