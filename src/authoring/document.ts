/**
 * The block document (beyond.md §8): the public, typed format the visual editor writes. Its shape is
 * declared once, in BLOCK_FIELDS; the OpenAPI components (document-schema.ts) and the parser that
 * names the failing path (document-parse.ts) are both read from it.
 */

export type Align = 'left' | 'center' | 'right';
export const ALIGNS: readonly Align[] = ['left', 'center', 'right'];
export const SOCIAL_NETWORKS = ['facebook', 'x', 'instagram', 'linkedin', 'youtube', 'github', 'web'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** What every block may carry. `id` is the editor's own key for the block, kept as given. */
interface BlockCommon {
  id?: string;
  align?: Align;
  /** CSS padding in px, one to four values: `10px 25px`. */
  padding?: string;
}

export interface HeadingBlock extends BlockCommon {
  type: 'heading';
  text: string;
  level?: 1 | 2 | 3;
}
export interface TextBlock extends BlockCommon {
  type: 'text';
  /** Inline HTML only (b strong i em u s a[href] br span[style]); anything else is removed on save. */
  html: string;
}
export interface ButtonBlock extends BlockCommon {
  type: 'button';
  label: string;
  href: string;
  backgroundColor?: string;
  textColor?: string;
}
export interface ImageBlock extends BlockCommon {
  type: 'image';
  src: string;
  alt: string;
  href?: string;
  width?: number;
}
export interface DividerBlock extends BlockCommon {
  type: 'divider';
}
export interface SpacerBlock extends BlockCommon {
  type: 'spacer';
  height: number;
}
export interface SocialBlock extends BlockCommon {
  type: 'social';
  links: { network: SocialNetwork; href: string }[];
}
export interface HtmlBlock extends BlockCommon {
  type: 'html';
  html: string;
}
/** Every block but columns: what a column holds. */
export type LeafBlock =
  | HeadingBlock
  | TextBlock
  | ButtonBlock
  | ImageBlock
  | DividerBlock
  | SpacerBlock
  | SocialBlock
  | HtmlBlock;
export interface ColumnsBlock extends BlockCommon {
  type: 'columns';
  columns: LeafBlock[][];
}
export type Block = LeafBlock | ColumnsBlock;

export interface DocumentStyle {
  backgroundColor?: string;
  contentBackgroundColor?: string;
  /** Pixels, 480–800; 600 when absent. */
  contentWidth?: number;
  fontFamily?: string;
  textColor?: string;
  linkColor?: string;
}

export interface BlockDocument {
  version: 1;
  style?: DocumentStyle;
  blocks: Block[];
}

/** The patterns of the string fields that are not free text (the schema states them, the parser tests them). */
export const FIELD_PATTERNS = {
  color: '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$',
  padding: '^\\d{1,3}px(?: \\d{1,3}px){0,3}$',
  font: `^[A-Za-z0-9 ,'"-]{1,200}$`,
} as const;

/** Limits of one document (beyond.md §8, issue 42 "Bad input"). */
export const DOCUMENT_LIMITS = { bytes: 512 * 1024, blocks: 500, columns: { min: 2, max: 4 }, socialLinks: 10 };
export const DEFAULT_CONTENT_WIDTH = 600;

/** One field of a block or of the style, as both the schema and the parser read it. */
export type FieldKind =
  | { kind: 'text'; max: number; min?: number }
  | { kind: 'html'; max: number }
  | { kind: 'url' }
  | { kind: 'color' }
  | { kind: 'int'; min: number; max: number; only?: readonly number[] }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'padding' }
  | { kind: 'font' }
  | { kind: 'links' }
  | { kind: 'columns' };
export type FieldSpec = FieldKind & { required?: boolean; description?: string };

const text = (max: number, more: Partial<FieldSpec> = {}) => ({ kind: 'text', max, ...more }) as FieldSpec;
const required = <T extends FieldSpec>(f: T): T => ({ ...f, required: true });
const URL_FIELD: FieldSpec = { kind: 'url', description: 'An http(s) URL or a Liquid expression such as {{ url }}.' };
const COLOR: FieldSpec = { kind: 'color', description: 'A CSS hex color: #rgb or #rrggbb.' };

export const COMMON_FIELDS: Record<keyof BlockCommon, FieldSpec> = {
  id: text(64, { min: 1, description: "The editor's own key for the block; kept as given." }),
  align: { kind: 'enum', values: ALIGNS },
  padding: { kind: 'padding', description: 'CSS padding in px, one to four values: "10px 25px".' },
};

/** Each block type's own fields (beyond `type` and the common ones). */
export const BLOCK_FIELDS: Record<Block['type'], Record<string, FieldSpec>> = {
  heading: {
    text: required(text(2000, { min: 1, description: 'Plain text with Liquid.' })),
    level: { kind: 'int', min: 1, max: 3, description: '1 (largest) to 3; 1 when absent.' },
  },
  text: {
    html: required({
      kind: 'html',
      max: 100_000,
      description:
        'Inline HTML with Liquid: b strong i em u s a[href] br span[style]; anything else is removed on save.',
    }),
  },
  button: {
    label: required(text(200, { min: 1 })),
    href: required(URL_FIELD),
    backgroundColor: COLOR,
    textColor: COLOR,
  },
  image: {
    src: required(URL_FIELD),
    alt: required(text(500, { description: 'The text shown when the image is not; empty for a decorative image.' })),
    href: URL_FIELD,
    width: { kind: 'int', min: 1, max: 800, description: 'Pixels; the column width when absent.' },
  },
  divider: {},
  spacer: { height: required({ kind: 'int', min: 1, max: 500, description: 'Pixels.' }) },
  columns: {
    columns: required({ kind: 'columns', description: '2 to 4 columns, each a list of blocks other than columns.' }),
  },
  social: { links: required({ kind: 'links' }) },
  html: { html: required({ kind: 'html', max: 100_000, description: 'HTML placed as it is (with Liquid).' }) },
};

export const STYLE_FIELDS: Record<keyof DocumentStyle, FieldSpec> = {
  backgroundColor: COLOR,
  contentBackgroundColor: COLOR,
  contentWidth: { kind: 'int', min: 480, max: 800, description: 'Pixels; 600 when absent.' },
  fontFamily: {
    kind: 'font',
    description: 'A CSS font-family list: letters, digits, spaces, commas, quotes and hyphens.',
  },
  textColor: COLOR,
  linkColor: COLOR,
};

/** The block types, in the order the editor's palette shows them. */
export const BLOCK_TYPES = Object.keys(BLOCK_FIELDS) as Block['type'][];
