/**
 * The one filter builder: groups of conditions joined by "all" (AND) or "any" (OR), nested as deep
 * as the API allows, each condition a field, an operator that fits the field and the value that
 * operator needs. Segments, campaign audiences and workflow conditions all edit their filter here;
 * the model and the API conversion live beside it (tree.ts, convert.ts).
 */
import { Plus, Trash2, Ungroup } from 'lucide-react';
import { Fragment } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { cx } from '../lib/cx.ts';
import { type BuilderContext, ConditionRowEditor } from './ConditionRowEditor.tsx';
import type { FieldOption } from './fields.ts';
import { type Logic, MAX_DEPTH } from './language.ts';
import {
  appendChild,
  type FilterNode,
  type GroupNode,
  newCondition,
  newGroup,
  otherLogic,
  removeNode,
  ungroup,
  updateNode,
  wrapInGroup,
} from './tree.ts';
import { CONTROL } from './ValueEditor.tsx';

export interface FilterBuilderProps {
  value: GroupNode;
  onChange: (next: GroupNode) => void;
  options: FieldOption[];
  /** Messages by node id: the builder's own checks and the API's field errors. */
  problems?: Record<string, string>;
  /** Names the builder for screen readers ("Segment filter", "Audience filter"). */
  label: string;
  /** Offers "Another field…", a path typed by hand; the text says what such a path may be. */
  customFieldHint?: string;
  /** What an empty filter means, said where its conditions would be ("No conditions yet: every contact matches."). */
  emptyText?: string;
}

export function FilterBuilder({
  value,
  onChange,
  options,
  problems = {},
  label,
  customFieldHint,
  emptyText,
}: FilterBuilderProps) {
  const { t } = useTranslation();
  const ctx: Ctx = {
    options,
    problems,
    customFieldHint,
    maxDepth: MAX_DEPTH,
    emptyText: emptyText ?? t('No conditions yet: every contact matches.'),
    edit: (id, fn) => onChange(updateNode(value, id, fn)),
    remove: (id) => onChange(removeNode(value, id)),
    wrap: (id) => onChange(wrapInGroup(value, id)),
    add: (groupId, node) => onChange(appendChild(value, groupId, node)),
    ungroup: (id) => onChange(ungroup(value, id)),
  };
  return (
    // The container query lets the rows stack in a narrow side panel as on a phone.
    <fieldset aria-label={label} className="@container min-w-0">
      <Group group={value} ctx={ctx} depth={1} path="" />
    </fieldset>
  );
}

interface Ctx extends BuilderContext {
  emptyText: string;
  add: (groupId: string, node: FilterNode) => void;
  ungroup: (id: string) => void;
}

function LogicSelect({ logic, onChange, label }: { logic: Logic; onChange: (l: Logic) => void; label: string }) {
  const { t } = useTranslation();
  return (
    <select
      aria-label={label}
      value={logic}
      onChange={(e) => onChange(e.target.value as Logic)}
      className={cx(CONTROL, 'h-8 py-0 font-medium')}
    >
      <option value="AND">{t('all')}</option>
      <option value="OR">{t('any')}</option>
    </select>
  );
}

const SMALL_BUTTON = 'inline-flex items-center gap-1 rounded px-2 py-1 text-xs text-slate-500 hover:bg-slate-100';

function Group({ group, ctx, depth, path }: { group: GroupNode; ctx: Ctx; depth: number; path: string }) {
  const { t } = useTranslation();
  const root = depth === 1;
  const problem = ctx.problems[group.id];
  const deeper = depth < ctx.maxDepth;
  const logicSelect = (
    <LogicSelect
      logic={group.logic}
      label={root ? t('Match all or any of the filter') : t('Match all or any of group {path}', { path })}
      onChange={(logic) => ctx.edit(group.id, (g) => ({ ...(g as GroupNode), logic }))}
    />
  );
  const body = (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {/* One sentence around the all/any choice, so each language places it where it reads right. */}
        {root && group.children.length === 0 ? (
          <span>{ctx.emptyText}</span>
        ) : root ? (
          <Trans i18nKey="Contacts match when <logic/> of these are true" components={{ logic: logicSelect }} />
        ) : (
          <Trans i18nKey="Where <logic/> of these are true" components={{ logic: logicSelect }} />
        )}
        {!root && (
          <span className="ml-auto flex">
            <button
              type="button"
              onClick={() => ctx.ungroup(group.id)}
              aria-label={t('Ungroup group {path}', { path })}
              title={t('Move its conditions out of the group')}
              className={cx(SMALL_BUTTON, 'hover:text-brand-700')}
            >
              <Ungroup className="size-3.5" aria-hidden />
              {t('Ungroup')}
            </button>
            <button
              type="button"
              onClick={() => ctx.remove(group.id)}
              aria-label={t('Remove group {path}', { path })}
              className={cx(SMALL_BUTTON, 'hover:text-red-700')}
            >
              <Trash2 className="size-3.5" aria-hidden />
              {t('Remove group')}
            </button>
          </span>
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
                    {group.logic === 'AND' ? t('and') : t('or')}
                  </li>
                )}
                <li>
                  {child.kind === 'group' ? (
                    <Group group={child} ctx={ctx} depth={depth + 1} path={childPath} />
                  ) : (
                    <ConditionRowEditor row={child} ctx={ctx} path={childPath} canGroup={deeper} />
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
          {root ? t('Add condition') : t('Add condition to group {path}', { path })}
        </button>
        {deeper && (
          <button
            type="button"
            onClick={() => ctx.add(group.id, newGroup(otherLogic(group.logic), [newCondition(ctx.options)]))}
            className="inline-flex h-8 items-center gap-1 rounded-md px-2.5 text-sm text-slate-600 hover:bg-slate-100"
          >
            <Plus className="size-4" aria-hidden />
            {root ? t('Add group') : t('Add group to group {path}', { path })}
          </button>
        )}
      </div>
    </>
  );
  if (root) return <div>{body}</div>;
  return (
    // biome-ignore lint/a11y/useSemanticElements: see ConditionRowEditor.
    <div
      role="group"
      aria-label={t('Group {path}', { path })}
      className={cx(
        'rounded-lg border p-3',
        problem ? 'border-red-300' : 'border-slate-200',
        depth % 2 === 0 ? 'bg-slate-50/70' : 'bg-white',
      )}
    >
      {body}
    </div>
  );
}
