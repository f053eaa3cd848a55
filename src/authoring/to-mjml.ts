/**
 * A block document as MJML (beyond.md §8), for mjml.ts to compile like any MJML template. Runs of
 * blocks share one section and column; a columns block is a section of its own. Texts and attributes
 * are escaped around their Liquid, which passes through the compile to run at send time.
 */
import {
  type Block,
  type BlockDocument,
  DEFAULT_CONTENT_WIDTH,
  type DocumentStyle,
  type LeafBlock,
  type SocialBlock,
} from './document.ts';
import { escapeAttribute, escapeText } from './liquid-text.ts';

const HEADING_SIZES = { 1: '28px', 2: '22px', 3: '18px' } as const;
const DEFAULT_FONT = 'Helvetica, Arial, sans-serif';
/** MJML's name for each network (it picks the icon) and the label shown beside it. */
const SOCIAL_NAMES: Record<SocialBlock['links'][number]['network'], { name: string; label: string }> = {
  facebook: { name: 'facebook', label: 'Facebook' },
  x: { name: 'x', label: 'X' },
  instagram: { name: 'instagram', label: 'Instagram' },
  linkedin: { name: 'linkedin', label: 'LinkedIn' },
  youtube: { name: 'youtube', label: 'YouTube' },
  github: { name: 'github', label: 'GitHub' },
  web: { name: 'web', label: 'Website' },
};

/** ` name="value"` for each defined value (escaped around Liquid). */
function attrs(values: Record<string, string | number | undefined>): string {
  let out = '';
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) out += ` ${name}="${escapeAttribute(String(value))}"`;
  }
  return out;
}

const common = (b: Block) => ({ align: b.align, padding: b.padding });

function leaf(b: LeafBlock, style: DocumentStyle): string {
  switch (b.type) {
    case 'heading': {
      const level = b.level ?? 1;
      const size = HEADING_SIZES[level];
      return `<mj-text${attrs({ ...common(b), 'font-size': size, 'font-weight': 'bold', 'line-height': '1.25' })}><h${level} style="margin:0;font-size:${size}">${escapeText(b.text)}</h${level}></mj-text>`;
    }
    case 'text':
      return `<mj-text${attrs(common(b))}>${b.html}</mj-text>`;
    case 'button':
      return `<mj-button${attrs({ ...common(b), href: b.href, 'background-color': b.backgroundColor ?? style.linkColor, color: b.textColor })}>${escapeText(b.label)}</mj-button>`;
    case 'image':
      return `<mj-image${attrs({ ...common(b), src: b.src, alt: b.alt, href: b.href, width: b.width === undefined ? undefined : `${b.width}px` })} />`;
    case 'divider':
      return `<mj-divider${attrs({ ...common(b), 'border-color': style.textColor, 'border-width': '1px' })} />`;
    case 'spacer':
      return `<mj-spacer${attrs({ padding: b.padding, height: `${b.height}px` })} />`;
    case 'social': {
      const links = b.links.map((l) => {
        const n = SOCIAL_NAMES[l.network];
        return `<mj-social-element${attrs({ name: n.name, href: l.href })}>${n.label}</mj-social-element>`;
      });
      return `<mj-social${attrs({ ...common(b), mode: 'horizontal', 'icon-size': '24px' })}>${links.join('')}</mj-social>`;
    }
    case 'html':
      return `<mj-raw>${b.html}</mj-raw>`;
  }
}

function section(columns: string[], style: DocumentStyle, b?: Block): string {
  const open = `<mj-section${attrs({ 'background-color': style.contentBackgroundColor, padding: b?.padding ?? '0px' })}>`;
  return `${open}${columns.map((c) => `<mj-column>${c}</mj-column>`).join('')}</mj-section>`;
}

/** The MJML of `doc`. */
export function documentToMjml(doc: BlockDocument): string {
  const style = doc.style ?? {};
  const body: string[] = [];
  let run: string[] = [];
  const endRun = () => {
    if (run.length > 0) body.push(section([run.join('')], style));
    run = [];
  };
  for (const b of doc.blocks) {
    if (b.type === 'columns') {
      endRun();
      body.push(
        section(
          b.columns.map((col) => col.map((x) => leaf(x, style)).join('')),
          style,
          b,
        ),
      );
    } else run.push(leaf(b, style));
  }
  endRun();
  const width = `${style.contentWidth ?? DEFAULT_CONTENT_WIDTH}px`;
  const link = style.linkColor ? `<mj-style>a { color: ${style.linkColor}; }</mj-style>` : '';
  const head =
    '<mj-head><mj-attributes>' +
    `<mj-all${attrs({ 'font-family': style.fontFamily ?? DEFAULT_FONT })} />` +
    `<mj-text${attrs({ color: style.textColor, 'font-size': '16px', 'line-height': '1.5' })} />` +
    `</mj-attributes>${link}</mj-head>`;
  return `<mjml>${head}<mj-body${attrs({ 'background-color': style.backgroundColor, width })}>${body.join('')}</mj-body></mjml>`;
}
