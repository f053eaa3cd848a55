/**
 * The settings panel of the selected block: what its type has (a button's label, link and colors,
 * an image's file, address, text and width, a spacer's height, social links, columns), then the
 * alignment and padding every block has. The API's refusals of the block show under their fields.
 */
import { useTranslation } from 'react-i18next';
import { Select, TextArea, TextInput } from '../components/Field.tsx';
import { type Block, blockLabel } from './document.ts';
import { useBlockEditor } from './editor-context.ts';
import { ImageUpload } from './ImageUpload.tsx';
import { ColumnsSettings, SocialSettings } from './ListSettings.tsx';
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

export function BlockSettings({ block, problems }: { block: Block; problems: BlockProblem[] }) {
  const { t } = useTranslation();
  const { update } = useBlockEditor();
  const id = block.id!;
  const set = (patch: Record<string, unknown>) => update(id, patch);
  const error = (field: string) => problems.find((p) => p.field === field)?.message;
  // What no field below shows: the block as a whole, or a field of it the panel has no control for.
  const whole = problems.filter((p) => !FIELDS_SHOWN.has(p.field.split(/[.[]/)[0]!));
  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-900">
        {t('{block} settings', { block: blockLabel(block.type) })}
      </h3>
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
  const { t } = useTranslation();
  switch (block.type) {
    case 'heading':
      return (
        <>
          <TextInput
            label={t('Heading')}
            value={block.text}
            onChange={(e) => set({ text: e.target.value })}
            error={error('text')}
          />
          <Select
            label={t('Level')}
            value={String(block.level ?? 1)}
            onChange={(e) => set({ level: Number(e.target.value) })}
          >
            <option value="1">{t('Level 1 (largest)')}</option>
            <option value="2">{t('Level {level}', { level: 2 })}</option>
            <option value="3">{t('Level {level}', { level: 3 })}</option>
          </Select>
        </>
      );
    case 'text':
      return (
        <p className="text-xs text-slate-600">
          {t('Edit the text where it is; its toolbar sets bold, italic, underline, links and fields.')}
        </p>
      );
    case 'button':
      return (
        <>
          <TextInput
            label={t('Button label')}
            value={block.label}
            onChange={(e) => set({ label: e.target.value })}
            error={error('label')}
          />
          <TextInput
            label={t('Button link')}
            value={block.href}
            placeholder="https://…"
            onChange={(e) => set({ href: e.target.value })}
            hint={t('An http(s) address, or a Liquid value like {example}.', { example: '{{ url }}' })}
            error={error('href')}
          />
          <ColorField
            label={t('Button color')}
            value={block.backgroundColor}
            placeholder="#414141"
            onChange={(backgroundColor) => set({ backgroundColor })}
            error={error('backgroundColor')}
          />
          <ColorField
            label={t('Label color')}
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
            label={t('Image address')}
            value={block.src}
            placeholder="https://…"
            onChange={(e) => set({ src: e.target.value })}
            error={error('src')}
          />
          <TextInput
            label={t('Alternative text')}
            value={block.alt}
            onChange={(e) => set({ alt: e.target.value })}
            hint={t('Read out by screen readers, and shown where images are off.')}
            error={error('alt')}
          />
          <TextInput
            label={t('Image link')}
            value={block.href ?? ''}
            placeholder={t('Optional: https://…')}
            onChange={(e) => set({ href: e.target.value.trim() === '' ? undefined : e.target.value })}
            error={error('href')}
          />
          <NumberField
            label={t('Width (px)')}
            value={block.width}
            optional
            min={1}
            max={800}
            onChange={(width) => set({ width })}
            hint={t('Blank: as wide as the content')}
            error={error('width')}
          />
        </>
      );
    case 'spacer':
      return (
        <NumberField
          label={t('Height (px)')}
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
          label={t('HTML')}
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
