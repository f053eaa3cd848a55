/** The content fields templates and campaigns share (beyond.md §8): a format, and `body` or `document`. */
import { Type } from 'typebox';
import { MAX_BODY_BYTES } from './content.ts';
import { BlockDocumentInput } from './document-schema.ts';

export const ContentFormat = Type.Union([Type.Literal('HTML'), Type.Literal('MJML'), Type.Literal('BLOCKS')], {
  description: 'How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8).',
});

// maxLength counts characters; the byte limit is checked by authoring/content.ts.
export const ContentBody = Type.String({
  minLength: 1,
  maxLength: MAX_BODY_BYTES,
  description: 'HTML (format HTML) or MJML (format MJML) with Liquid; at most 512 KB. Not given with BLOCKS.',
});

/** In a request: `body` for HTML and MJML, `document` for BLOCKS; HTML when `format` is absent. */
export const ContentFields = {
  format: Type.Optional(ContentFormat),
  body: Type.Optional(ContentBody),
  document: Type.Optional(BlockDocumentInput),
};

/** In an answer. */
export const ContentViewFields = {
  format: ContentFormat,
  body: Type.String({ description: 'HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS.' }),
  document: Type.Union([BlockDocumentInput, Type.Null()], { description: 'The block document (BLOCKS only).' }),
};
