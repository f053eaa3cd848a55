/**
 * The email's global style: the background around the content and behind it, the content's width
 * (480–800 px), the font, and the colors of text and links. Blank fields take the defaults.
 */
import { useTranslation } from 'react-i18next';
import { Select } from '../components/Field.tsx';
import { formatNumber } from '../lib/format.ts';
import { CONTENT_WIDTH, type DocumentStyle, updateStyle } from './document.ts';
import { useBlockEditor } from './editor-context.ts';
import type { BlockProblem } from './problems.ts';
import { ColorField, NumberField } from './SettingsFields.tsx';

/** Fonts every mail client has, each with its fallbacks. A font's name is a name: the same in every language. */
export const FONTS = [
  { name: 'Arial', value: 'Arial, Helvetica, sans-serif' },
  { name: 'Helvetica', value: 'Helvetica, Arial, sans-serif' },
  { name: 'Verdana', value: 'Verdana, Geneva, sans-serif' },
  { name: 'Trebuchet MS', value: "'Trebuchet MS', Helvetica, sans-serif" },
  { name: 'Georgia', value: 'Georgia, Times, serif' },
  { name: 'Times New Roman', value: "'Times New Roman', Times, serif" },
  { name: 'Courier New', value: "'Courier New', Courier, monospace" },
];

export function StyleSettings({ problems }: { problems: BlockProblem[] }) {
  const { t } = useTranslation();
  const { doc, edit } = useBlockEditor();
  const style = doc.style ?? {};
  const set = (patch: Partial<DocumentStyle>) =>
    edit((d) => updateStyle(d, patch), `style:${Object.keys(patch).join(',')}`);
  const error = (field: string) => problems.find((p) => p.field === `style.${field}`)?.message;
  const knownFont = FONTS.some((f) => f.value === style.fontFamily);
  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-900">{t('Email style')}</h3>
      <ColorField
        label={t('Background')}
        value={style.backgroundColor}
        placeholder="#f1f5f9"
        onChange={(backgroundColor) => set({ backgroundColor })}
        error={error('backgroundColor')}
      />
      <ColorField
        label={t('Content background')}
        value={style.contentBackgroundColor}
        placeholder="#ffffff"
        onChange={(contentBackgroundColor) => set({ contentBackgroundColor })}
        error={error('contentBackgroundColor')}
      />
      <NumberField
        label={t('Content width (px)')}
        value={style.contentWidth}
        optional
        min={CONTENT_WIDTH.min}
        max={CONTENT_WIDTH.max}
        onChange={(contentWidth) => set({ contentWidth })}
        hint={t('{min} to {max}; blank for {initial}', {
          min: formatNumber(CONTENT_WIDTH.min),
          max: formatNumber(CONTENT_WIDTH.max),
          initial: formatNumber(CONTENT_WIDTH.initial),
        })}
        error={error('contentWidth')}
      />
      <Select
        label={t('Font')}
        value={style.fontFamily ?? ''}
        onChange={(e) => set({ fontFamily: e.target.value || undefined })}
        error={error('fontFamily')}
      >
        <option value="">{t('Default (Arial)')}</option>
        {!knownFont && style.fontFamily && <option value={style.fontFamily}>{style.fontFamily}</option>}
        {FONTS.map((f) => (
          <option key={f.value} value={f.value}>
            {f.name}
          </option>
        ))}
      </Select>
      <ColorField
        label={t('Text color')}
        value={style.textColor}
        placeholder="#0f172a"
        onChange={(textColor) => set({ textColor })}
        error={error('textColor')}
      />
      <ColorField
        label={t('Link color')}
        value={style.linkColor}
        placeholder="#2563eb"
        onChange={(linkColor) => set({ linkColor })}
        error={error('linkColor')}
      />
    </div>
  );
}
