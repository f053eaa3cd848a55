import { describe, expect, it } from 'vitest';
import { checklist, nextStep, progressPercent } from './checklist.ts';
import { curlSnippet, maskedKey } from './snippet.ts';

const step = (done: boolean) => ({ done, at: done ? '2026-01-01T00:00:00.000Z' : null });

describe('onboarding checklist', () => {
  const state = {
    domainAdded: step(true),
    domainVerified: step(false),
    firstContact: step(true),
    firstSend: step(false),
    firstTemplate: step(false),
    firstCampaign: step(false),
    firstCampaignSent: step(false),
    firstWorkflow: step(false),
    firstWorkflowEnabled: step(false),
  };

  it('lists every step in onboarding order with where it is done', () => {
    const items = checklist(state);
    expect(items.map((i) => i.key)).toEqual([
      'domainAdded',
      'domainVerified',
      'firstContact',
      'firstSend',
      'firstTemplate',
      'firstCampaign',
      'firstCampaignSent',
      'firstWorkflow',
      'firstWorkflowEnabled',
    ]);
    expect(items[0]).toMatchObject({ done: true, href: 'domains', at: '2026-01-01T00:00:00.000Z' });
    expect(items.find((i) => i.key === 'firstSend')?.href).toBe('#send-test');
  });

  it('points at the first step not done and counts progress', () => {
    const items = checklist(state);
    expect(nextStep(items)?.key).toBe('domainVerified');
    expect(progressPercent(items)).toBe(22);
    const all = checklist(Object.fromEntries(Object.keys(state).map((k) => [k, step(true)])));
    expect(nextStep(all)).toBeUndefined();
    expect(progressPercent(all)).toBe(100);
    expect(progressPercent([])).toBe(0);
  });

  it('leaves out steps the server does not report', () => {
    expect(checklist({ firstContact: step(false) }).map((i) => i.key)).toEqual(['firstContact']);
  });
});

describe('quick-start snippet', () => {
  it('builds a curl call that reads the key from the environment and quotes the body for a shell', () => {
    const text = curlSnippet({ baseUrl: 'https://mail.example.com/', from: 'hi@acme.test', to: "o'neil@acme.test" });
    expect(text.split('\n')[0]).toBe('curl -X POST https://mail.example.com/v1/send \\');
    expect(text).toContain('Authorization: Bearer $MAILWRIGHT_SECRET_KEY');
    expect(text).toContain(`"to": "o'\\''neil@acme.test"`);
    expect(text).not.toMatch(/sk_/);
  });

  it('masks the secret key to its hint', () => {
    expect(maskedKey('abcd')).toMatch(/^sk_•+abcd$/);
  });
});
