// Invariant: a save sends only what changed, and a cleared optional field is sent as null.
import { describe, expect, it } from 'vitest';
import { changesOf, createBody, toDraft } from './template-model.ts';

describe('template drafts', () => {
  const saved = { ...toDraft(), name: 'Welcome', subject: 'Hi', from: 'a@acme.test', fromName: 'Acme' };

  it('sends only the changed fields', () => {
    expect(changesOf(saved, saved)).toEqual({});
    expect(changesOf({ ...saved, subject: 'Hello' }, saved)).toEqual({ subject: 'Hello' });
  });

  it('clears an emptied optional field with null, and keeps a blank required one as typed', () => {
    expect(changesOf({ ...saved, fromName: '  ' }, saved)).toEqual({ fromName: null });
    expect(changesOf({ ...saved, name: '' }, saved)).toEqual({ name: '' });
  });

  it('leaves blank optional fields out of a new template', () => {
    const body = createBody({ ...toDraft(), name: 'New', subject: 'S', replyTo: ' ' });
    expect(body).toMatchObject({ name: 'New', subject: 'S', type: 'TRANSACTIONAL' });
    expect(body.replyTo).toBeUndefined();
  });
});
