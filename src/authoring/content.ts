/**
 * A template's or a campaign's content in any format (beyond.md §8), turned into what is stored: the
 * HTML that is sent (Liquid kept, compiled once here rather than per recipient) and, for MJML and
 * BLOCKS, what the author wrote. Also the way back, for answers: `body` and `document` as the API shows them.
 */
import type { ContentFormat } from '../db/schema.ts';
import { invalid } from '../errors.ts';
import { assertTemplateSyntax } from '../mail/render/liquid.ts';
import type { BlockDocument } from './document.ts';
import { parseDocument } from './document-parse.ts';
import { compileMjml } from './mjml.ts';
import { documentToMjml } from './to-mjml.ts';

/** The largest HTML or MJML body, in bytes of UTF-8. */
export const MAX_BODY_BYTES = 512 * 1024;

/** Content as stored: `body` is what is sent; `source` the MJML or the document's JSON (null for HTML). */
export interface StoredContent {
  format: ContentFormat;
  body: string;
  source: string | null;
}

/** Content as a request gives it; field names prefix errors (`draft.` for a draft, none otherwise). */
export interface ContentInput {
  format?: ContentFormat;
  body?: string;
  document?: unknown;
}

/** Content as answers show it. */
export interface ContentView {
  format: ContentFormat;
  body: string;
  document: BlockDocument | null;
}

export function contentView(c: StoredContent): ContentView {
  return {
    format: c.format,
    body: c.format === 'MJML' && c.source !== null ? c.source : c.body,
    document: c.format === 'BLOCKS' && c.source !== null ? (JSON.parse(c.source) as BlockDocument) : null,
  };
}

function checkedBody(body: string): string {
  if (Buffer.byteLength(body, 'utf8') > MAX_BODY_BYTES) throw invalid('body', 'must be at most 512 KB');
  return body;
}

/** Compiles complete content: `body` for HTML and MJML, `document` for BLOCKS. */
export async function compileContent(format: ContentFormat, input: ContentInput): Promise<StoredContent> {
  if (format === 'BLOCKS') {
    if (input.body !== undefined) throw invalid('body', 'is not used with format BLOCKS: give `document`');
    if (input.document === undefined) throw invalid('document', 'is required with format BLOCKS', 'REQUIRED');
    const doc = parseDocument(input.document);
    return { format, body: await compileMjml('document', documentToMjml(doc)), source: JSON.stringify(doc) };
  }
  if (input.document !== undefined) throw invalid('document', 'is only used with format BLOCKS');
  if (input.body === undefined) throw invalid('body', `is required with format ${format}`, 'REQUIRED');
  const body = checkedBody(input.body);
  if (format === 'MJML') return { format, body: await compileMjml('body', body), source: body };
  assertTemplateSyntax('body', 'body', body);
  return { format, body, source: null };
}

/**
 * The content after a change of some of its fields, or undefined when none changed. What is not
 * given is kept: a new format without new content converts what the format allows (MJML and BLOCKS
 * become their HTML), and otherwise needs the content.
 */
export async function changedContent(current: StoredContent, input: ContentInput): Promise<StoredContent | undefined> {
  if (input.format === undefined && input.body === undefined && input.document === undefined) return undefined;
  const format = input.format ?? current.format;
  const keep = format === current.format ? contentView(current) : undefined;
  if (format === 'BLOCKS')
    return compileContent(format, { body: input.body, document: input.document ?? keep?.document ?? undefined });
  const body = input.body ?? keep?.body ?? (format === 'HTML' ? current.body : undefined);
  return compileContent(format, { body, document: input.document });
}
