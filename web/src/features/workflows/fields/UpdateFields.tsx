/** UPDATE_CONTACT: custom fields to set (typed) or remove, and a change of subscription. */
import { Plus, Trash2 } from 'lucide-react';
import { fieldError } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { Select, TextInput } from '../../../components/Field.tsx';
import type { UpdateDraft, ValueKind } from '../step-drafts.ts';
import { configError, type FieldsProps } from './field-props.ts';

type Row = UpdateDraft['updates'][number];

const KINDS: Array<{ kind: ValueKind; label: string }> = [
  { kind: 'string', label: 'Text' },
  { kind: 'number', label: 'Number' },
  { kind: 'boolean', label: 'True / false' },
  { kind: 'json', label: 'JSON' },
  { kind: 'remove', label: 'Remove the field' },
];

export function UpdateFields({ draft, onChange, error }: FieldsProps<UpdateDraft>) {
  const rows = draft.updates;
  const setRows = (updates: Row[]) => onChange({ ...draft, updates });
  // The API names a value's problem by its key; a problem with the whole set shows under the list.
  const rowError = (u: Row) => fieldError(error, `config.updates.${u.key.trim()}`);
  const listError = rows.some(rowError) ? undefined : configError(error, 'updates');
  return (
    <div className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700">Custom fields to set</legend>
        {rows.length === 0 && <p className="text-xs text-slate-500">No fields yet.</p>}
        {rows.map((u, i) => (
          <UpdateRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity besides their place.
            key={i}
            n={i + 1}
            row={u}
            error={rowError(u)}
            onChange={(patch) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))}
            onRemove={() => setRows(rows.filter((_, j) => j !== i))}
          />
        ))}
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus className="size-3.5" aria-hidden />}
          onClick={() => setRows([...rows, { key: '', kind: 'string', value: '' }])}
        >
          Add a field
        </Button>
        {listError && <p className="text-xs text-red-600">{listError}</p>}
      </fieldset>
      <Select
        label="Subscription"
        value={draft.subscriptionAction}
        onChange={(e) =>
          onChange({ ...draft, subscriptionAction: e.target.value as UpdateDraft['subscriptionAction'] })
        }
        error={configError(error, 'subscriptionAction')}
      >
        <option value="none">Leave as it is</option>
        <option value="subscribe">Subscribe the contact</option>
        <option value="unsubscribe">Unsubscribe the contact</option>
      </Select>
    </div>
  );
}

/** Field `n`: its key, how its value is typed, the value, and removing the row. */
function UpdateRow({
  n,
  row,
  error,
  onChange,
  onRemove,
}: {
  n: number;
  row: Row;
  error?: string;
  onChange: (patch: Partial<Row>) => void;
  onRemove: () => void;
}) {
  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50/60 p-3">
      <div className="grid grid-cols-2 gap-2">
        <TextInput
          label={`Field ${n}`}
          placeholder="plan"
          value={row.key}
          onChange={(e) => onChange({ key: e.target.value })}
          className="font-mono"
        />
        <Select label={`Type ${n}`} value={row.kind} onChange={(e) => onChange({ kind: e.target.value as ValueKind })}>
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </Select>
      </div>
      {row.kind === 'boolean' ? (
        <Select
          label={`Value ${n}`}
          value={row.value === 'false' ? 'false' : 'true'}
          onChange={(e) => onChange({ value: e.target.value })}
        >
          <option value="true">true</option>
          <option value="false">false</option>
        </Select>
      ) : row.kind !== 'remove' ? (
        <TextInput
          label={`Value ${n}`}
          value={row.value}
          inputMode={row.kind === 'number' ? 'decimal' : undefined}
          onChange={(e) => onChange({ value: e.target.value })}
          error={error}
          className={row.kind === 'json' ? 'font-mono' : undefined}
        />
      ) : null}
      <div className="flex justify-end">
        <Button size="sm" variant="ghost" icon={<Trash2 className="size-3.5" aria-hidden />} onClick={onRemove}>
          Remove field {n}
        </Button>
      </div>
    </div>
  );
}
