/**
 * Rows of custom fields (name, kind, value) for the add-contact dialog and a contact's page, over the
 * form's draft: each row's problem (the form's own check, or the API's refusal of `data.<name>`)
 * under it, and the API's refusal of `data` as a whole under the rows.
 */
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import type { Draft } from '../../forms/use-draft.ts';
import { cx } from '../../lib/cx.ts';
import { useProject } from '../../lib/project-context.tsx';
import { fieldQueries } from '../../queries/contacts.ts';
import {
  convertValue,
  type DataRow,
  emptyRow,
  KIND_LABELS,
  kindForFieldType,
  rowField,
  type ValueKind,
} from './data-editor.ts';

const CONTROL =
  'block w-full rounded-md border bg-white px-2.5 py-1.5 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';
const GRID = 'grid grid-cols-[minmax(0,1fr)_6.5rem_minmax(0,1.3fr)_2rem] gap-2';

/** The project's custom field names (without `data.`) and their types, for suggestions. */
function useKnownFields(): Map<string, 'string' | 'number' | 'boolean' | 'date'> {
  const fields = useQuery(fieldQueries.list(useProject()));
  return new Map(
    (fields.data?.fields ?? []).filter((f) => f.isCustom).map((f) => [f.field.replace(/^data\./, ''), f.type]),
  );
}

export function DataEditor<D extends { rows: DataRow[] }>({ draft }: { draft: Draft<D> }) {
  const { t } = useTranslation();
  const listId = useId();
  const known = useKnownFields();
  const rows = draft.value.rows;
  const onChange = (next: DataRow[]) => draft.set({ rows: next } as Partial<D>);
  const update = (id: string, change: Partial<DataRow>) =>
    onChange(rows.map((r) => (r.id === id ? { ...r, ...change } : r)));
  const apiProblem = (row: DataRow) => (row.key.trim() ? draft.error(`data.${row.key.trim()}`) : undefined);
  const dataError = draft.error('data');

  return (
    <div className="space-y-2">
      <datalist id={listId}>
        {[...known.keys()].map((k) => (
          <option key={k} value={k} />
        ))}
      </datalist>
      {rows.length > 0 && (
        <div aria-hidden className={cx(GRID, 'text-xs font-medium text-slate-500')}>
          <span>{t('Field')}</span>
          <span>{t('Type')}</span>
          <span>{t('Value')}</span>
        </div>
      )}
      {rows.map((row, i) => {
        const name = row.key.trim() || t('field {number}', { number: i + 1 });
        const keyError = draft.error(rowField(row.id, 'key'));
        const valueError = draft.error(rowField(row.id, 'value')) ?? apiProblem(row);
        return (
          <div key={row.id}>
            <div className={cx(GRID, 'items-start')}>
              <input
                aria-label={t('Name of field {number}', { number: i + 1 })}
                aria-invalid={keyError ? true : undefined}
                list={listId}
                placeholder={t('e.g. plan')}
                value={row.key}
                onChange={(ev) => {
                  const key = ev.target.value;
                  const type = known.get(key.trim());
                  // A new row named after a known field takes that field's type.
                  if (row.originalKey === undefined && type && (row.value === '' || row.kind === 'boolean')) {
                    const kind = kindForFieldType(type);
                    update(row.id, { key, kind, value: kind === 'boolean' ? 'true' : '' });
                  } else update(row.id, { key });
                }}
                className={cx(CONTROL, keyError ? 'border-red-400' : 'border-slate-300')}
              />
              <select
                aria-label={t('Type of {name}', { name })}
                value={row.kind}
                onChange={(ev) => {
                  const kind = ev.target.value as ValueKind;
                  update(row.id, { kind, value: convertValue(row.value, row.kind, kind) });
                }}
                className={cx(CONTROL, 'border-slate-300')}
              >
                {(Object.keys(KIND_LABELS) as ValueKind[]).map((k) => (
                  <option key={k} value={k}>
                    {t(KIND_LABELS[k])}
                  </option>
                ))}
              </select>
              <ValueInput
                row={row}
                label={t('Value of {name}', { name })}
                invalid={Boolean(valueError)}
                onChange={(value) => update(row.id, { value })}
              />
              <button
                type="button"
                aria-label={t('Remove {name}', { name })}
                title={t('Remove')}
                onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
                className="flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-red-600"
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </div>
            {(keyError || valueError) && (
              <p className="mt-1 text-xs text-red-600" role="alert">
                {[keyError, valueError].filter(Boolean).join(' ')}
              </p>
            )}
          </div>
        );
      })}
      <Button
        variant="ghost"
        size="sm"
        icon={<Plus className="size-4" aria-hidden />}
        onClick={() => onChange([...rows, emptyRow()])}
      >
        {t('Add field')}
      </Button>
      {/* A refusal of the fields as a whole, not of one of them. */}
      {dataError && !rows.some(apiProblem) && <p className="text-xs text-red-600">{dataError}</p>}
    </div>
  );
}

function ValueInput({
  row,
  label,
  invalid,
  onChange,
}: {
  row: DataRow;
  label: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const className = cx(CONTROL, invalid ? 'border-red-400' : 'border-slate-300', row.kind === 'json' && 'font-mono');
  const common = { 'aria-label': label, 'aria-invalid': invalid || undefined, className };
  switch (row.kind) {
    case 'boolean':
      return (
        <select {...common} value={row.value} onChange={(e) => onChange(e.target.value)}>
          <option value="true">{t('Yes')}</option>
          <option value="false">{t('No')}</option>
        </select>
      );
    case 'date':
      return <input {...common} type="date" value={row.value} onChange={(e) => onChange(e.target.value)} />;
    case 'number':
      return (
        <input
          {...common}
          inputMode="decimal"
          placeholder="0"
          value={row.value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'json':
      return (
        <input
          {...common}
          placeholder='{"tier": "gold"}' // i18n-ignore: a JSON example, code.
          spellCheck={false}
          value={row.value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    default:
      return <input {...common} value={row.value} onChange={(e) => onChange(e.target.value)} />;
  }
}
