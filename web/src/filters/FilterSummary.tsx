/** A filter read out loud as a short list: one line per condition or group of the root, the first few. */
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../components/States.tsx';
import { describeFilter } from './describe.ts';
import type { FieldOption } from './fields.ts';
import type { GroupNode } from './tree.ts';

export function FilterSummary({
  tree,
  options,
  shown = 4,
}: {
  tree: GroupNode;
  /** The catalogue that names the fields; undefined while it loads. */
  options: FieldOption[] | undefined;
  shown?: number;
}) {
  const { t } = useTranslation();
  if (tree.children.length === 0) return <p className="text-sm text-slate-700">{t('Every contact')}</p>;
  if (!options) return <Skeleton className="mt-1 h-4 w-full" />;
  const lines = describeFilter(tree, options);
  return (
    <ul className="space-y-0.5 text-sm text-slate-700">
      {lines.slice(0, shown).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of a summary, in order, re-made on change.
        <li key={i} className="truncate" title={line}>
          {line}
        </li>
      ))}
      {lines.length > shown && (
        <li className="text-slate-500">{t('{count, plural, other {and # more}}', { count: lines.length - shown })}</li>
      )}
    </ul>
  );
}
