/** One condition of the builder: field, operator, value (and event count), with its row actions. */
import { Group, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../lib/cx.ts';
import { customOperators, type FieldOption, findOption, isListed, SECTIONS } from './fields.ts';
import type { Operator } from './language.ts';
import { KIND_OPERATORS, operatorLabel, valueInput } from './operators.ts';
import { type ConditionRow, changeField, type FilterNode } from './tree.ts';
import { CONTROL, CountEditor, ValueEditor } from './ValueEditor.tsx';

/** What every part of one builder shares: the catalogue, the problems and the tree edits. */
export interface BuilderContext {
  options: FieldOption[];
  problems: Record<string, string>;
  /** Set where a field may be typed by hand ("Another field…"): what such a path may be. */
  customFieldHint?: string;
  maxDepth: number;
  edit: (id: string, fn: (n: FilterNode) => FilterNode) => void;
  remove: (id: string) => void;
  wrap: (id: string) => void;
}

const OTHER = '__other__';
/** Full width in a narrow builder (a side panel, a phone); beside each other, growing, where there is room. */
const FIELD_WIDTH = 'w-full min-w-0 @md:w-auto @md:max-w-56 @md:flex-[1_1_10rem]';

export function ConditionRowEditor({
  row,
  ctx,
  path,
  canGroup,
}: {
  row: ConditionRow;
  ctx: BuilderContext;
  path: string;
  /** Whether the row may become a group of its own (the depth allows one more level). */
  canGroup: boolean;
}) {
  const { t } = useTranslation();
  const problemId = useId();
  const opt = findOption(row.field, row.operator, ctx.options);
  const listed = isListed(opt, ctx.options);
  const typed = !listed && ctx.customFieldHint !== undefined;
  const operators = typed ? customOperators(row.field) : KIND_OPERATORS[opt.kind];
  const problem = ctx.problems[row.id];
  const set = (patch: Partial<ConditionRow>) => ctx.edit(row.id, (n) => ({ ...(n as ConditionRow), ...patch }));
  const chooseField = (key: string) => {
    if (key === OTHER) {
      set({
        field: 'workflow.',
        operator: customOperators('workflow.').includes(row.operator) ? row.operator : 'equals',
      });
      return;
    }
    const next = ctx.options.find((o) => o.key === key);
    if (next) ctx.edit(row.id, (n) => changeField(n as ConditionRow, next, ctx.options));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset inside the list item would restyle the legend; a labelled group is the same to assistive tech.
    <div role="group" aria-label={t('Condition {path}', { path })} className="min-w-0">
      <div
        className={cx(
          'flex items-start gap-2 rounded-lg border bg-white p-2',
          problem ? 'border-red-300' : 'border-slate-200',
        )}
      >
        {/* The controls wrap as the width asks; the row's actions stay at its top right. */}
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <select
            aria-label={t('Field')}
            value={typed ? OTHER : opt.key}
            onChange={(e) => chooseField(e.target.value)}
            className={cx(CONTROL, FIELD_WIDTH)}
          >
            {!listed && !typed && <option value={opt.key}>{opt.label}</option>}
            {SECTIONS.map((section) => {
              const items = ctx.options.filter((o) => o.section === section);
              return items.length === 0 ? null : (
                <optgroup key={section} label={t(section)}>
                  {items.map((o) => (
                    <option key={o.key} value={o.key}>
                      {o.label}
                    </option>
                  ))}
                </optgroup>
              );
            })}
            {ctx.customFieldHint !== undefined && <option value={OTHER}>{t('Another field…')}</option>}
          </select>
          {typed && (
            <input
              aria-label={t('Field path')}
              title={ctx.customFieldHint}
              placeholder="workflow.plan" // i18n-ignore: a field path, code.
              value={row.field}
              onChange={(e) => set({ field: e.target.value })}
              className={cx(CONTROL, FIELD_WIDTH, 'font-mono')}
            />
          )}
          <select
            aria-label={t('Operator')}
            value={row.operator}
            onChange={(e) => set({ operator: e.target.value as Operator })}
            className={cx(CONTROL, FIELD_WIDTH)}
          >
            {!operators.includes(row.operator) && <option value={row.operator}>{row.operator}</option>}
            {operators.map((o) => (
              <option key={o} value={o}>
                {operatorLabel(opt.kind, o)}
              </option>
            ))}
          </select>
          <ValueEditor
            row={row}
            input={valueInput(opt.kind, row.operator)}
            set={set}
            invalid={!!problem}
            describedBy={problem ? problemId : undefined}
          />
          <CountEditor row={row} set={set} />
        </div>
        <span className="mt-1 flex shrink-0">
          {canGroup && (
            <button
              type="button"
              onClick={() => ctx.wrap(row.id)}
              aria-label={t('Put condition {path} in a group', { path })}
              title={t('Put in a group')}
              className="rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-brand-700"
            >
              <Group className="size-4" aria-hidden />
            </button>
          )}
          <button
            type="button"
            onClick={() => ctx.remove(row.id)}
            aria-label={t('Remove condition {path}', { path })}
            title={t('Remove condition')}
            className="rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-red-700"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </span>
      </div>
      {typed && ctx.customFieldHint && <p className="mt-1 pl-1 text-xs text-slate-500">{ctx.customFieldHint}</p>}
      {problem && (
        <p id={problemId} className="mt-1 pl-1 text-xs text-red-600">
          {problem}
        </p>
      )}
    </div>
  );
}
