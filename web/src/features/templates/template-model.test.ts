// Invariant: a save sends only what changed (the content whole, in its format), a cleared
// optional field as null, and the version the edit started from.
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

  it('sends a block document instead of a body, and the base version with every change', () => {
    const doc = { version: 1 as const, blocks: [{ id: 'a', type: 'divider' as const }] };
    const blocks = { ...saved, format: 'BLOCKS' as const, body: '<html>rendered</html>', document: doc };
    expect(changesOf(blocks, blocks, 3)).toEqual({ baseVersion: 3 });
    // An equal document (an edit undone) is no change.
    expect(changesOf({ ...blocks, document: { ...doc, blocks: [...doc.blocks] } }, blocks)).toEqual({});
    const changed = { ...doc, blocks: [] };
    expect(changesOf({ ...blocks, document: changed }, blocks, 3)).toEqual({
      format: 'BLOCKS',
      document: changed,
      baseVersion: 3,
    });
    expect(createBody({ ...blocks, name: 'N' })).toMatchObject({ format: 'BLOCKS', document: doc });
    expect(createBody({ ...blocks, name: 'N' })).not.toHaveProperty('body');
    expect(changesOf({ ...saved, format: 'MJML', body: '<mjml/>' }, saved)).toEqual({
      format: 'MJML',
      body: '<mjml/>',
    });
  });
});
