/**
 * The settings panel of the selected block: what its type has (a button's label, link and colors,
 * an image's file, address, text and width, a spacer's height, social links, columns), then the
 * alignment and padding every block has. The API's refusals of the block show under their fields.
 */
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../components/Button.tsx';
import { Select, TextArea, TextInput } from '../components/Field.tsx';
import type { SocialNetwork } from './block-types.ts';
import {
  BLOCK_TYPES,
  type Block,
  type BlockType,
  blockLabel,
  insertBlock,
  MAX_COLUMNS,
  MIN_COLUMNS,
  newBlock,
  setColumnCount,
} from './document.ts';
import { useBlockEditor } from './editor-context.ts';
import { ImageUpload } from './ImageUpload.tsx';
import type { BlockProblem } from './problems.ts';
import { AlignField, ColorField, NumberField, PaddingField } from './SettingsFields.tsx';

/** The fields the panel shows an error under (a social link's under its address). */
const FIELDS_SHOWN = new Set([
  'text',
  'label',
  'href',
  'backgroundColor',
  'textColor',
  'src',
  'alt',
  'width',
  'height',
  'html',
  'padding',
  'links',
]);

/** The most links a social block holds (the API's limit). */
const MAX_SOCIAL_LINKS = 10;

const NETWORKS: SocialNetwork[] = ['facebook', 'x', 'instagram', 'linkedin', 'youtube', 'github', 'web'];

export function BlockSettings({ block, problems }: { block: Block; problems: BlockProblem[] }) {
  const { update } = useBlockEditor();
  const id = block.id!;
  const set = (patch: Record<string, unknown>) => update(id, patch);
  const error = (field: string) => problems.find((p) => p.field === field)?.message;
  // What no field below shows: the block as a whole, or a field of it the panel has no control for.
  const whole = problems.filter((p) => !FIELDS_SHOWN.has(p.field.split(/[.[]/)[0]!));
  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-900">{blockLabel(block.type)} settings</h3>
      {whole.map((p) => (
        <p key={`${p.field}-${p.message}`} role="alert" className="text-xs text-red-600">
          {p.field ? `${p.field}: ` : ''}
          {p.message}
        </p>
      ))}
      <TypeSettings block={block} set={set} error={error} />
      {block.type !== 'divider' && block.type !== 'spacer' && (
        <AlignField value={block.align} onChange={(align) => set({ align })} />
      )}
      <PaddingField value={block.padding} onChange={(padding) => set({ padding })} error={error('padding')} />
    </div>
  );
}

function TypeSettings({
  block,
  set,
  error,
}: {
  block: Block;
  set: (patch: Record<string, unknown>) => void;
  error: (field: string) => string | undefined;
}) {
  switch (block.type) {
    case 'heading':
      return (
        <>
          <TextInput
            label="Heading"
            value={block.text}
            onChange={(e) => set({ text: e.target.value })}
            error={error('text')}
          />
          <Select
            label="Level"
            value={String(block.level ?? 2)}
            onChange={(e) => set({ level: Number(e.target.value) })}
          >
            <option value="1">Level 1 (largest)</option>
            <option value="2">Level 2</option>
            <option value="3">Level 3</option>
          </Select>
        </>
      );
    case 'text':
      return (
        <p className="text-xs text-slate-600">
          Edit the text where it is; its toolbar sets bold, italic, underline, links and fields.
        </p>
      );
    case 'button':
      return (
        <>
          <TextInput
            label="Button label"
            value={block.label}
            onChange={(e) => set({ label: e.target.value })}
            error={error('label')}
          />
          <TextInput
            label="Button link"
            value={block.href}
            placeholder="https://…"
            onChange={(e) => set({ href: e.target.value })}
            hint="An http(s) address, or a value like {{ data.url }}."
            error={error('href')}
          />
          <ColorField
            label="Button color"
            value={block.backgroundColor}
            placeholder="#414141"
            onChange={(backgroundColor) => set({ backgroundColor })}
            error={error('backgroundColor')}
          />
          <ColorField
            label="Label color"
            value={block.textColor}
            placeholder="#ffffff"
            onChange={(textColor) => set({ textColor })}
            error={error('textColor')}
          />
        </>
      );
    case 'image':
      return (
        <>
          <ImageUpload onUploaded={(src) => set({ src })} />
          <TextInput
            label="Image address"
            value={block.src}
            placeholder="https://…"
            onChange={(e) => set({ src: e.target.value })}
            error={error('src')}
          />
          <TextInput
            label="Alternative text"
            value={block.alt}
            onChange={(e) => set({ alt: e.target.value })}
            hint="Read out by screen readers, and shown where images are off."
            error={error('alt')}
          />
          <TextInput
            label="Image link"
            value={block.href ?? ''}
            placeholder="Optional: https://…"
            onChange={(e) => set({ href: e.target.value.trim() === '' ? undefined : e.target.value })}
            error={error('href')}
          />
          <NumberField
            label="Width (px)"
            value={block.width}
            optional
            min={1}
            max={800}
            onChange={(width) => set({ width })}
            hint="Blank: as wide as the content"
            error={error('width')}
          />
        </>
      );
    case 'spacer':
      return (
        <NumberField
          label="Height (px)"
          value={block.height}
          min={1}
          max={500}
          onChange={(height) => set({ height })}
          error={error('height')}
        />
      );
    case 'html':
      return (
        <TextArea
          label="HTML"
          rows={8}
          className="font-mono text-xs"
          value={block.html}
          onChange={(e) => set({ html: e.target.value })}
          error={error('html')}
        />
      );
    case 'social':
      return <SocialSettings block={block} set={set} error={error} />;
    case 'columns':
      return <ColumnsSettings block={block} />;
    case 'divider':
      return null;
  }
}

function SocialSettings({
  block,
  set,
  error,
}: {
  block: Extract<Block, { type: 'social' }>;
  set: (patch: Record<string, unknown>) => void;
  error: (field: string) => string | undefined;
}) {
  const links = block.links;
  const change = (i: number, patch: Partial<(typeof links)[number]>) =>
    set({ links: links.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Links</legend>
      {links.map((link, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: links have no id and keep their order.
        <div key={i} className="space-y-1 rounded border border-slate-200 p-2">
          <Select
            label={`Network ${i + 1}`}
            value={link.network}
            onChange={(e) => change(i, { network: e.target.value as SocialNetwork })}
          >
            {NETWORKS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
          <TextInput
            label={`Address ${i + 1}`}
            value={link.href}
            onChange={(e) => change(i, { href: e.target.value })}
            error={error(`links[${i}].href`) ?? error(`links.${i}.href`)}
          />
          <Button
            variant="ghost"
            size="sm"
            icon={<Trash2 className="size-4" aria-hidden />}
            onClick={() => set({ links: links.filter((_, j) => j !== i) })}
          >
            Remove link {i + 1}
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        icon={<Plus className="size-4" aria-hidden />}
        disabled={links.length >= MAX_SOCIAL_LINKS}
        onClick={() => set({ links: [...links, { network: 'web', href: 'https://' }] })}
      >
        Add a link
      </Button>
    </fieldset>
  );
}

const IN_COLUMNS = BLOCK_TYPES.filter((b) => b.type !== 'columns');

function ColumnsSettings({ block }: { block: Extract<Block, { type: 'columns' }> }) {
  const { edit, select } = useBlockEditor();
  const id = block.id!;
  const add = (column: number, type: BlockType) => {
    const child = newBlock(type);
    edit((doc) => insertBlock(doc, child, { kind: 'column', parentId: id, column }, Number.MAX_SAFE_INTEGER));
    select(child.id!);
  };
  return (
    <>
      <Select
        label="Number of columns"
        value={String(block.columns.length)}
        onChange={(e) => edit((doc) => setColumnCount(doc, id, Number(e.target.value)))}
        hint="Blocks of a column taken away move to the last one."
      >
        {Array.from({ length: MAX_COLUMNS - MIN_COLUMNS + 1 }, (_, i) => MIN_COLUMNS + i).map((n) => (
          <option key={n} value={n}>
            {n} columns
          </option>
        ))}
      </Select>
      {block.columns.map((_, column) => (
        <Select
          // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position.
          key={column}
          label={`Add to column ${column + 1}`}
          value=""
          onChange={(e) => {
            if (e.target.value) add(column, e.target.value as BlockType);
          }}
        >
          <option value="">Choose a block…</option>
          {IN_COLUMNS.map((b) => (
            <option key={b.type} value={b.type}>
              {b.label}
            </option>
          ))}
        </Select>
      ))}
    </>
  );
}
