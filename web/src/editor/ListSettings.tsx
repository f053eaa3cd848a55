/**
 * The settings of the blocks that hold lists: a social block's links (network and address, up to
 * the API's 10) and a columns block's columns (how many, and a block added to one).
 */
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button.tsx';
import { Select, TextInput } from '../components/Field.tsx';
import type { SocialNetwork } from './block-types.ts';
import {
  BLOCK_TYPES,
  type Block,
  type BlockType,
  insertBlock,
  MAX_COLUMNS,
  MIN_COLUMNS,
  newBlock,
  setColumnCount,
} from './document.ts';
import { useBlockEditor } from './editor-context.ts';

/** The most links a social block holds (the API's limit). */
const MAX_SOCIAL_LINKS = 10;

const NETWORKS: SocialNetwork[] = ['facebook', 'x', 'instagram', 'linkedin', 'youtube', 'github', 'web'];

export function SocialSettings({
  block,
  set,
  error,
}: {
  block: Extract<Block, { type: 'social' }>;
  set: (patch: Record<string, unknown>) => void;
  error: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const links = block.links;
  const change = (i: number, patch: Partial<(typeof links)[number]>) =>
    set({ links: links.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">{t('Links')}</legend>
      {links.map((link, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: links have no id and keep their order.
        <div key={i} className="space-y-1 rounded border border-slate-200 p-2">
          <Select
            label={t('Network {number}', { number: i + 1 })}
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
            label={t('Address {number}', { number: i + 1 })}
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
            {t('Remove link {number}', { number: i + 1 })}
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
        {t('Add a link')}
      </Button>
    </fieldset>
  );
}

const IN_COLUMNS = BLOCK_TYPES.filter((b) => b.type !== 'columns');

export function ColumnsSettings({ block }: { block: Extract<Block, { type: 'columns' }> }) {
  const { t } = useTranslation();
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
        label={t('Number of columns')}
        value={String(block.columns.length)}
        onChange={(e) => edit((doc) => setColumnCount(doc, id, Number(e.target.value)))}
        hint={t('Blocks of a column taken away move to the last one.')}
      >
        {Array.from({ length: MAX_COLUMNS - MIN_COLUMNS + 1 }, (_, i) => MIN_COLUMNS + i).map((n) => (
          <option key={n} value={n}>
            {t('{count, plural, one {# column} other {# columns}}', { count: n })}
          </option>
        ))}
      </Select>
      {block.columns.map((_, column) => (
        <Select
          // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position.
          key={column}
          label={t('Add to column {number}', { number: column + 1 })}
          value=""
          onChange={(e) => {
            if (e.target.value) add(column, e.target.value as BlockType);
          }}
        >
          <option value="">{t('Choose a block…')}</option>
          {IN_COLUMNS.map((b) => (
            <option key={b.type} value={b.type}>
              {t(b.label)}
            </option>
          ))}
        </Select>
      ))}
    </>
  );
}
