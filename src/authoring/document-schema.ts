/**
 * The block document as OpenAPI components, generated from document.ts's field table. Request
 * validation leaves `document` to document-parse.ts (which names the failing path, as
 * `document.blocks[3].href`); routes mark where a document goes with `BlockDocumentInput`, and the
 * OpenAPI transform (src/http/components.ts) swaps the mark for a reference to `BlockDocument`.
 */
import { Type } from 'typebox';
import { COMPONENT, componentRef } from '../http/components.ts';
import {
  BLOCK_FIELDS,
  BLOCK_TYPES,
  type BlockDocument,
  COMMON_FIELDS,
  DOCUMENT_LIMITS,
  FIELD_PATTERNS,
  type FieldSpec,
  SOCIAL_NETWORKS,
  STYLE_FIELDS,
} from './document.ts';

const componentName = (type: string) => `${type[0]!.toUpperCase()}${type.slice(1)}Block`;

function fieldSchema(f: FieldSpec): object {
  const description = f.description ? { description: f.description } : {};
  switch (f.kind) {
    case 'text':
      return { type: 'string', minLength: f.min ?? 0, maxLength: f.max, ...description };
    case 'html':
      return { type: 'string', maxLength: f.max, ...description };
    case 'url':
      return { type: 'string', minLength: 1, maxLength: 2048, ...description };
    case 'color':
    case 'padding':
    case 'font':
      return { type: 'string', pattern: FIELD_PATTERNS[f.kind], ...description };
    case 'int':
      return { type: 'integer', minimum: f.min, maximum: f.max, ...description };
    case 'enum':
      return { type: 'string', enum: [...f.values], ...description };
    case 'links':
      return {
        type: 'array',
        minItems: 1,
        maxItems: DOCUMENT_LIMITS.socialLinks,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['network', 'href'],
          properties: { network: { type: 'string', enum: [...SOCIAL_NETWORKS] }, href: fieldSchema({ kind: 'url' }) },
        },
      };
    case 'columns':
      return {
        type: 'array',
        minItems: DOCUMENT_LIMITS.columns.min,
        maxItems: DOCUMENT_LIMITS.columns.max,
        items: { type: 'array', items: componentRef('LeafBlock') },
        ...description,
      };
  }
}

function objectSchema(fields: Record<string, FieldSpec>, extra: Record<string, object> = {}, required: string[] = []) {
  const properties: Record<string, object> = { ...extra };
  for (const [name, f] of Object.entries(fields)) properties[name] = fieldSchema(f);
  const req = [...required, ...Object.entries(fields).flatMap(([n, f]) => (f.required ? [n] : []))];
  return { type: 'object', additionalProperties: false, required: req, properties };
}

function union(types: readonly string[], description: string) {
  return {
    description,
    oneOf: types.map((t) => componentRef(componentName(t))),
    discriminator: {
      propertyName: 'type',
      mapping: Object.fromEntries(types.map((t) => [t, `#/components/schemas/${componentName(t)}`])),
    },
  };
}

const blockComponents = Object.fromEntries(
  BLOCK_TYPES.map((type) => [
    componentName(type),
    objectSchema({ ...BLOCK_FIELDS[type], ...COMMON_FIELDS }, { type: { type: 'string', enum: [type] } }, ['type']),
  ]),
);

/** The components the OpenAPI document gains: BlockDocument, its style, Block, LeafBlock and each block type. */
export const BLOCK_COMPONENTS: Record<string, object> = {
  ...blockComponents,
  Block: union(BLOCK_TYPES, 'One block of a document.'),
  LeafBlock: union(
    BLOCK_TYPES.filter((t) => t !== 'columns'),
    'A block inside a column: any block but columns.',
  ),
  DocumentStyle: objectSchema(STYLE_FIELDS),
  BlockDocument: {
    ...objectSchema(
      {},
      {
        version: { type: 'integer', enum: [1] },
        style: componentRef('DocumentStyle'),
        blocks: { type: 'array', maxItems: DOCUMENT_LIMITS.blocks, items: componentRef('Block') },
      },
      ['version', 'blocks'],
    ),
    description: `An email as blocks (beyond.md §8). At most ${DOCUMENT_LIMITS.bytes / 1024} KB and ${DOCUMENT_LIMITS.blocks} blocks, columns included.`,
  },
};

/** Where a route takes a block document: any object to validation, the BlockDocument component to the document. */
export const BlockDocumentInput = Type.Unsafe<BlockDocument>({
  type: 'object',
  // Kept whole when an answer is serialised (document-parse.ts has checked it on the way in).
  additionalProperties: true,
  [COMPONENT]: 'BlockDocument',
  description: 'The block document (format BLOCKS).',
});
