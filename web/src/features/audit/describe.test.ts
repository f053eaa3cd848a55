// Invariant: the audit log shows every value a change can hold (none, short, long, JSON) without
// losing any of it, and names actors, action groups and resource screens the same way everywhere.
import { beforeAll, describe, expect, it } from 'vitest';
import { startEnglishForTests } from '../../i18n/test-i18n.ts';
import { actionGroups, actorLabel, actorValue, fieldChanges, resourceScreen, showValue } from './describe.ts';

// The dashboard's translator in English, as a screen has it: the messages are the English text.
beforeAll(startEnglishForTests);

describe('showValue', () => {
  it('shows null and a missing value as none', () => {
    expect(showValue(null)).toEqual({ kind: 'none' });
    expect(showValue(undefined)).toEqual({ kind: 'none' });
  });

  it('keeps short strings, numbers and booleans on one line, strings without quotes', () => {
    expect(showValue('Welcome')).toEqual({ kind: 'text', text: 'Welcome' });
    expect(showValue(42)).toEqual({ kind: 'text', text: '42' });
    expect(showValue(false)).toEqual({ kind: 'text', text: 'false' });
    expect(showValue('')).toEqual({ kind: 'text', text: '' });
  });

  it('gives long or multi-line strings a block, whole', () => {
    const html = `<h1>Hello</h1>${'<p>x</p>'.repeat(20)}`;
    expect(showValue(html)).toEqual({ kind: 'block', text: html });
    expect(showValue('a\nb')).toEqual({ kind: 'block', text: 'a\nb' });
  });

  it('shows short JSON compact and long JSON indented', () => {
    expect(showValue(['TRANSACTIONAL', 'MARKETING'])).toEqual({ kind: 'text', text: '["TRANSACTIONAL","MARKETING"]' });
    expect(showValue({})).toEqual({ kind: 'text', text: '{}' });
    const filter = { operator: 'AND', conditions: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] };
    expect(showValue(filter)).toEqual({ kind: 'block', text: JSON.stringify(filter, null, 2) });
  });
});

describe('the entry’s pieces', () => {
  it('lists changed fields in order as before and after', () => {
    expect(fieldChanges({ changes: { subject: ['A', 'B'], body: [null, '<p>x</p>'] } })).toEqual([
      { field: 'subject', before: 'A', after: 'B' },
      { field: 'body', before: null, after: '<p>x</p>' },
    ]);
    expect(fieldChanges({})).toEqual([]);
  });

  it('names actors and the value their filter takes', () => {
    expect(actorLabel({ type: 'USER', id: 'u1', email: 'ann@example.com' })).toBe('ann@example.com');
    expect(actorLabel({ type: 'KEY', id: 'key_1' })).toBe('API key key_1');
    expect(actorLabel({ type: 'SYSTEM', id: null })).toBe('System');
    expect(actorValue({ type: 'USER', id: 'u1', email: 'ann@example.com' })).toBe('u1');
    expect(actorValue({ type: 'SYSTEM', id: null })).toBeUndefined();
  });

  it('groups actions by resource, once each, in order', () => {
    expect(actionGroups(['template.updated', 'campaign.sent', 'template.created'])).toEqual([
      'campaign.*',
      'template.*',
    ]);
  });

  it('links a resource to its screen unless the entry deleted it', () => {
    expect(resourceScreen({ action: 'template.updated', resource: { type: 'template', id: 't1' } })).toEqual([
      'templates',
      't1',
    ]);
    expect(resourceScreen({ action: 'template.deleted', resource: { type: 'template', id: 't1' } })).toBeUndefined();
    expect(resourceScreen({ action: 'key.rotated', resource: { type: 'key', id: 'k1' } })).toBeUndefined();
  });
});
