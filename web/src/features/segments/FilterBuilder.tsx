/**
 * The filter builder: groups of conditions joined by "all" (AND) or "any" (OR), each condition a
 * field, an operator that fits the field's type and the value that operator needs. Shared by
 * segments and campaign audiences; the model and the API conversion live in filter-model.ts.
 */
import { Plus, Trash2 } from 'lucide-react';
import { Fragment } from 'react';
import { cx } from '../../lib/cx.ts';
import {
  appendChild,
  type ConditionRow,
  changeField,
  countIsUpperBound,
  type FieldOption,
  type FilterNode,
  fieldOption,
  type GroupNode,
  isAgo,
  type Logic,
  newCondition,
  newGroup,
  OPERATORS,
  removeNode,
  takesCount,
  UNITS,
  updateNode,
  valueInput,
} from './filter-model.ts';

const SECTIONS: FieldOption['section'][] = ['Contact', 'Custom fields', 'Events', 'Email activity', 'Segments'];
/** Groups nest this deep in the builder (the API takes more; people rarely need it). */
const MAX_DEPTH = 3;

const CONTROL =
  'h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';

export interface FilterBuilderProps {
  value: GroupNode;
  onChange: (next: GroupNode) => void;
  options: FieldOption[];
  /** Messages by row or group id: the builder's own checks and the API's field errors. */
  problems?: Record<string, string>;
  /** Names the builder for screen readers ("Segment filter", "Audience filter"). */
  label: string;
}

export function FilterBuilder({ value, onChange, options, problems = {}, label }: FilterBuilderProps) {
  const edit = (id: string, fn: (n: FilterNode) => FilterNode) => onChange(updateNode(value, id, fn));
  const ctx: Ctx = {
    options,
    problems,
    edit,
    remove: (id) => onChange(removeNode(value, id)),
    add: (groupId, node) => onChange(appendChild(value, groupId, node)),
  };
  return (
    <fieldset aria-label={label} className="min-w-0">
      <Group group={value} ctx={ctx} depth={1} path="" />
    </fieldset>
  );
}

interface Ctx {
  options: FieldOption[];
  problems: Record<string, string>;
  edit: (id: string, fn: (n: FilterNode) => FilterNode) => void;
  remove: (id: string) => void;
  add: (groupId: string, node: FilterNode) => void;
}

function LogicSelect({ logic, onChange, label }: { logic: Logic; onChange: (l: Logic) => void; label: string }) {
  return (
    <select
      aria-label={label}
      value={logic}
      onChange={(e) => onChange(e.target.value as Logic)}
      className={cx(CONTROL, 'h-8 py-0 font-medium')}
    >
      <option value="AND">all</option>
      <option value="OR">any</option>
    </select>
  );
}

function Group({ group, ctx, depth, path }: { group: GroupNode; ctx: Ctx; depth: number; path: string }) {
  const root = depth === 1;
  const problem = ctx.problems[group.id];
  const name = root ? 'the filter' : `group ${path}`;
  const body = (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {root && group.children.length === 0 ? (
          <span>No conditions yet: every contact matches.</span>
        ) : (
          <>
            <span>{root ? 'Contacts match when' : 'Where'}</span>
            <LogicSelect
              logic={group.logic}
              label={`Match all or any of ${name}`}
              onChange={(logic) => ctx.edit(group.id, (g) => ({ ...(g as GroupNode), logic }))}
            />
            <span>of these are true</span>
          </>
        )}
        {!root && (
          <button
            type="button"
            onClick={() => ctx.remove(group.id)}
            aria-label={`Remove group ${path}`}
            className="ml-auto inline-flex items-center gap-1 rounded px-2 py-1 text-xs text-slate-500 hover:bg-slate-100 hover:text-red-700"
          >
            <Trash2 className="size-3.5" aria-hidden />
            Remove group
          </button>
        )}
      </div>
      {group.children.length > 0 && (
        <ol className="mt-3 space-y-2">
          {group.children.map((child, i) => {
            const childPath = path ? `${path}.${i + 1}` : String(i + 1);
            return (
              <Fragment key={child.id}>
                {i > 0 && (
                  <li aria-hidden className="pl-1 text-[11px] font-semibold uppercase tracking-wide text-slate-500">
                    {group.logic === 'AND' ? 'and' : 'or'}
                  </li>
                )}
                <li>
                  {child.kind === 'group' ? (
                    <Group group={child} ctx={ctx} depth={depth + 1} path={childPath} />
                  ) : (
                    <Condition row={child} ctx={ctx} path={childPath} />
                  )}
                </li>
              </Fragment>
            );
          })}
        </ol>
      )}
      {problem && <p className="mt-2 text-xs text-red-600">{problem}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => ctx.add(group.id, newCondition(ctx.options))}
          className="inline-flex h-8 items-center gap-1 rounded-md border border-dashed border-slate-300 px-2.5 text-sm text-slate-700 hover:border-brand-500 hover:text-brand-700"
        >
          <Plus className="size-4" aria-hidden />
          {root ? 'Add condition' : `Add condition to group ${path}`}
        </button>
        {depth < MAX_DEPTH && (
          <button
            type="button"
            onClick={() =>
              ctx.add(group.id, newGroup(group.logic === 'AND' ? 'OR' : 'AND', [newCondition(ctx.options)]))
            }
            className="inline-flex h-8 items-center gap-1 rounded-md px-2.5 text-sm text-slate-600 hover:bg-slate-100"
          >
            <Plus className="size-4" aria-hidden />
            {root ? 'Add group' : `Add group to group ${path}`}
          </button>
        )}
      </div>
    </>
  );
  if (root) return <div>{body}</div>;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset inside the list item would restyle the legend; a labelled group is the same to assistive tech.
    <div
      role="group"
      aria-label={`Group ${path}`}
      className={cx(
        'rounded-lg border bg-slate-50/70 p-3',
        problem ? 'border-red-300' : 'border-slate-200',
        depth > 2 && 'bg-white',
      )}
    >
      {body}
    </div>
  );
}

function Condition({ row, ctx, path }: { row: ConditionRow; ctx: Ctx; path: string }) {
  const opt = fieldOption(row.field, ctx.options);
  const known = ctx.options.some((o) => o.field === row.field);
  const input = valueInput(opt.kind, row.operator);
  const problem = ctx.problems[row.id];
  const set = (patch: Partial<ConditionRow>) => ctx.edit(row.id, (n) => ({ ...(n as ConditionRow), ...patch }));
  const operators = OPERATORS[opt.kind];
  return (
    // biome-ignore lint/a11y/useSemanticElements: see Group.
    <div role="group" aria-label={`Condition ${path}`} className="min-w-0">
      <div
        className={cx(
          'flex flex-wrap items-center gap-2 rounded-lg border bg-white p-2',
          problem ? 'border-red-300' : 'border-slate-200',
        )}
      >
        <select
          aria-label="Field"
          value={row.field}
          onChange={(e) => ctx.edit(row.id, (n) => changeField(n as ConditionRow, e.target.value, ctx.options))}
          className={cx(CONTROL, 'w-52 min-w-0')}
        >
          {!known && <option value={row.field}>{opt.label}</option>}
          {SECTIONS.map((section) => {
            const items = ctx.options.filter((o) => o.section === section);
            if (items.length === 0) return null;
            return (
              <optgroup key={section} label={section}>
                {items.map((o) => (
                  <option key={o.field} value={o.field}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
        <select
          aria-label="Operator"
          value={operators.some((o) => o.id === row.operator) ? row.operator : ''}
          onChange={(e) => set({ operator: e.target.value })}
          className={cx(CONTROL, 'w-48')}
        >
          {!operators.some((o) => o.id === row.operator) && <option value="">{row.operator}</option>}
          {operators.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
        <ValueEditor row={row} input={input} set={set} invalid={!!problem} />
        {takesCount(row.operator) && (
          <span className="flex items-center gap-1.5 text-sm text-slate-600">
            {countIsUpperBound(row.operator) ? 'fewer than' : 'at least'}
            <input
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              aria-label={countIsUpperBound(row.operator) ? 'Fewer than this many times' : 'At least this many times'}
              placeholder={countIsUpperBound(row.operator) ? 'any' : '1'}
              value={row.count}
              onChange={(e) => set({ count: e.target.value })}
              className={cx(CONTROL, 'w-20')}
            />
            times
          </span>
        )}
        <button
          type="button"
          onClick={() => ctx.remove(row.id)}
          aria-label={`Remove condition ${path}`}
          title="Remove condition"
          className="ml-auto rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-red-700"
        >
          <Trash2 className="size-4" aria-hidden />
        </button>
      </div>
      {problem && <p className="mt-1 pl-1 text-xs text-red-600">{problem}</p>}
    </div>
  );
}

function ValueEditor({
  row,
  input,
  set,
  invalid,
}: {
  row: ConditionRow;
  input: ReturnType<typeof valueInput>;
  set: (patch: Partial<ConditionRow>) => void;
  invalid: boolean;
}) {
  const common = {
    'aria-label': 'Value',
    'aria-invalid': invalid || undefined,
    value: row.value,
    onChange: (e: { target: { value: string } }) => set({ value: e.target.value }),
  };
  switch (input) {
    case 'none':
      return null;
    case 'window':
      return (
        <span className="flex items-center gap-1.5">
          <input
            {...common}
            aria-label="Amount"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            placeholder="7"
            className={cx(CONTROL, 'w-20')}
          />
          <select
            aria-label="Unit"
            value={row.unit}
            onChange={(e) => set({ unit: e.target.value as ConditionRow['unit'] })}
            className={cx(CONTROL, 'w-28')}
          >
            {UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
          {isAgo(row.operator) && <span className="text-sm text-slate-600">ago</span>}
        </span>
      );
    case 'boolean':
      return (
        <select {...common} value={row.value === 'false' ? 'false' : 'true'} className={cx(CONTROL, 'w-28')}>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      );
    case 'number':
      return <input {...common} type="number" step="any" className={cx(CONTROL, 'w-36')} />;
    case 'date':
      return <input {...common} type="date" className={cx(CONTROL, 'w-40')} />;
    case 'list':
      return <input {...common} type="text" placeholder="pro, team" className={cx(CONTROL, 'min-w-40 flex-1')} />;
    default:
      return <input {...common} type="text" className={cx(CONTROL, 'min-w-40 flex-1')} />;
  }
}
