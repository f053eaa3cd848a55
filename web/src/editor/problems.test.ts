// Invariant: every refusal of the document the API names reaches the block it is about, inside
// columns too, and refusals of other fields are left to the form.
import { describe, expect, it } from 'vitest';
import type { BlockDocument } from './document.ts';
import { documentProblems } from './problems.ts';

const doc: BlockDocument = {
  version: 1,
  blocks: [
    { id: 'h', type: 'heading', text: 'x' },
    {
      id: 'c',
      type: 'columns',
      columns: [[], [{ id: 'b', type: 'button', label: 'Go', href: 'javascript:x' }]],
    },
  ],
};

describe('the API’s refusals of a document', () => {
  it('names the block, at the top or in a column, and its field', () => {
    expect(
      documentProblems(doc, [
        { field: 'document.blocks[1].columns[1][0].href', message: 'must be http(s)' },
        { field: 'document.blocks[0]', message: 'unknown field' },
        { field: 'document.style.textColor', message: 'must be a color' },
        { field: 'subject', message: 'required' },
        { field: 'document.blocks[9].src', message: 'gone' },
      ]),
    ).toEqual([
      { blockId: 'b', field: 'href', message: 'must be http(s)' },
      { blockId: 'h', field: '', message: 'unknown field' },
      { blockId: undefined, field: 'style.textColor', message: 'must be a color' },
      { blockId: undefined, field: 'src', message: 'gone' },
    ]);
  });
});
