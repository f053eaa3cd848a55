/**
 * Reads a block document from a request: every unknown type or field, wrong type, value out of range,
 * URL that is neither http(s) nor Liquid, and every limit (512 KB, 500 blocks, columns only at the top)
 * is a 422 naming its path (`document.blocks[3].href`). Text blocks come back sanitized.
 */
import { type FieldError, invalid, invalidFields } from '../errors.ts';
import {
  BLOCK_FIELDS,
  type Block,
  type BlockDocument,
  COMMON_FIELDS,
  DOCUMENT_LIMITS,
  FIELD_PATTERNS,
  type FieldSpec,
  SOCIAL_NETWORKS,
  STYLE_FIELDS,
} from './document.ts';
import { sanitizeInline } from './sanitize.ts';

const MAX_ERRORS = 20;
const HTTP_URL = /^https?:\/\/[^\s"'<>\\]+$/i;
/** A Liquid expression first (`{{ url }}`, `{{ base }}/path`); quotes only inside the braces. */
const LIQUID_URL = /^\{\{[^}]*\}\}[^\s"'<>\\]*$/;
const PATTERNS = {
  color: new RegExp(FIELD_PATTERNS.color),
  padding: new RegExp(FIELD_PATTERNS.padding),
  font: new RegExp(FIELD_PATTERNS.font),
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class Reader {
  readonly errors: FieldError[] = [];
  blocks = 0;

  fail(field: string, message: string, code = 'INVALID_VALUE'): undefined {
    if (this.errors.length < MAX_ERRORS) this.errors.push({ field, message, code });
    return undefined;
  }

  /** The object at `path` with only `known` keys; an unknown key is an error naming it. */
  object(v: unknown, path: string, known: readonly string[]): Obj | undefined {
    if (!isObject(v)) return this.fail(path, 'must be an object', 'TYPE');
    for (const key of Object.keys(v)) {
      if (!known.includes(key)) this.fail(`${path}.${key}`, 'is not a known field', 'UNKNOWN_FIELD');
    }
    return v;
  }

  fields(source: Obj, path: string, specs: Record<string, FieldSpec>, out: Obj): void {
    for (const [name, spec] of Object.entries(specs)) {
      const value = source[name];
      if (value === undefined) {
        if (spec.required) this.fail(`${path}.${name}`, 'is required', 'REQUIRED');
        continue;
      }
      const read = this.field(value, `${path}.${name}`, spec);
      if (read !== undefined) out[name] = read;
    }
  }

  field(v: unknown, path: string, spec: FieldSpec): unknown {
    switch (spec.kind) {
      case 'text':
      case 'html': {
        if (typeof v !== 'string') return this.fail(path, 'must be a string', 'TYPE');
        if (spec.kind === 'text' && v.length < (spec.min ?? 0)) return this.fail(path, 'must not be empty');
        if (v.length > spec.max) return this.fail(path, `must be at most ${spec.max} characters`);
        if (spec.kind === 'text' && CONTROL.test(v)) return this.fail(path, 'must not hold control characters');
        return v;
      }
      case 'url':
        if (typeof v !== 'string') return this.fail(path, 'must be a string', 'TYPE');
        if (v.length > 2048 || !(HTTP_URL.test(v) || LIQUID_URL.test(v)))
          return this.fail(path, 'must be an http(s) URL or a Liquid expression such as {{ url }}', 'INVALID_URL');
        return v;
      case 'color':
      case 'padding':
      case 'font':
        if (typeof v !== 'string' || !PATTERNS[spec.kind].test(v)) return this.fail(path, FORMATS[spec.kind]);
        return v;
      case 'int':
        if (!Number.isInteger(v)) return this.fail(path, 'must be an integer', 'TYPE');
        if ((v as number) < spec.min || (v as number) > spec.max)
          return this.fail(path, `must be from ${spec.min} to ${spec.max}`);
        return v;
      case 'enum':
        if (typeof v !== 'string' || !spec.values.includes(v))
          return this.fail(path, `must be one of ${spec.values.join(', ')}`);
        return v;
      case 'links':
        return this.links(v, path);
      case 'columns':
        return this.columns(v, path);
    }
  }

  links(v: unknown, path: string): unknown {
    if (!Array.isArray(v)) return this.fail(path, 'must be an array', 'TYPE');
    if (v.length < 1 || v.length > DOCUMENT_LIMITS.socialLinks)
      return this.fail(path, `must hold 1 to ${DOCUMENT_LIMITS.socialLinks} links`);
    return v.map((item, i) => {
      const at = `${path}[${i}]`;
      const o = this.object(item, at, ['network', 'href']);
      const out: Obj = {};
      if (o)
        this.fields(
          o,
          at,
          { network: { kind: 'enum', values: SOCIAL_NETWORKS, required: true }, href: { kind: 'url', required: true } },
          out,
        );
      return out;
    });
  }

  columns(v: unknown, path: string): unknown {
    const { min, max } = DOCUMENT_LIMITS.columns;
    if (!Array.isArray(v)) return this.fail(path, 'must be an array of columns', 'TYPE');
    if (v.length < min || v.length > max) return this.fail(path, `must hold ${min} to ${max} columns`);
    return v.map((column, i) => {
      const at = `${path}[${i}]`;
      if (!Array.isArray(column)) return this.fail(at, 'must be an array of blocks', 'TYPE');
      return column.map((b, j) => this.block(b, `${at}[${j}]`, true));
    });
  }

  block(v: unknown, path: string, inColumn: boolean): Block | undefined {
    this.blocks++;
    if (!isObject(v)) return this.fail(path, 'must be an object', 'TYPE');
    const type = v.type;
    if (typeof type !== 'string' || !Object.hasOwn(BLOCK_FIELDS, type))
      return this.fail(`${path}.type`, `must be one of ${Object.keys(BLOCK_FIELDS).join(', ')}`, 'UNKNOWN_BLOCK');
    if (inColumn && type === 'columns')
      return this.fail(`${path}.type`, 'columns cannot be placed inside columns', 'NESTING');
    const specs = { ...BLOCK_FIELDS[type as Block['type']], ...COMMON_FIELDS };
    const o = this.object(v, path, ['type', ...Object.keys(specs)]);
    const out: Obj = { type };
    if (o) this.fields(o, path, specs, out);
    if (type === 'text' && typeof out.html === 'string') out.html = sanitizeInline(out.html);
    return out as unknown as Block;
  }
}

const FORMATS = {
  color: 'must be a hex color: #rgb or #rrggbb',
  padding: 'must be CSS padding in px, one to four values: "10px 25px"',
  font: 'must be a font-family list of letters, digits, spaces, commas, quotes and hyphens',
};

/** The document at `path` of a request, checked and with its text blocks sanitized; 422 otherwise. */
export function parseDocument(value: unknown, path = 'document'): BlockDocument {
  if (Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8') > DOCUMENT_LIMITS.bytes)
    throw invalid(path, `must be at most ${DOCUMENT_LIMITS.bytes / 1024} KB`, 'TOO_LARGE');
  const r = new Reader();
  const o = r.object(value, path, ['version', 'style', 'blocks']);
  const doc: Obj = { version: 1 };
  if (o) {
    if (o.version !== 1) r.fail(`${path}.version`, 'must be 1');
    if (o.style !== undefined) {
      const style = r.object(o.style, `${path}.style`, Object.keys(STYLE_FIELDS));
      if (style) {
        doc.style = {};
        r.fields(style, `${path}.style`, STYLE_FIELDS, doc.style as Obj);
      }
    }
    if (!Array.isArray(o.blocks))
      r.fail(`${path}.blocks`, 'must be an array of blocks', o.blocks === undefined ? 'REQUIRED' : 'TYPE');
    else doc.blocks = o.blocks.map((b, i) => r.block(b, `${path}.blocks[${i}]`, false));
    if (r.blocks > DOCUMENT_LIMITS.blocks)
      r.fail(
        `${path}.blocks`,
        `must hold at most ${DOCUMENT_LIMITS.blocks} blocks, columns' blocks included`,
        'TOO_MANY',
      );
  }
  if (r.errors.length > 0) throw invalidFields(r.errors);
  return doc as unknown as BlockDocument;
}
