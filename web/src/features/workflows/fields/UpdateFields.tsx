/** UPDATE_CONTACT: custom fields to set (typed) or remove, and a change of subscription. */
import { Plus, Trash2 } from 'lucide-react';
import { fieldError } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { Select, TextInput } from '../../../components/Field.tsx';
import type { UpdateDraft, ValueKind } from '../step-drafts.ts';
import { configError, type FieldsProps } from './field-props.ts';

const KINDS: Array<{ kind: ValueKind; label: string }> = [
  { kind: 'string', label: 'Text' },
  { kind: 'number', label: 'Number' },
  { kind: 'boolean', label: 'True / false' },
  { kind: 'json', label: 'JSON' },
  { kind: 'remove', label: 'Remove the field' },
];

export function UpdateFields({ draft, onChange, error }: FieldsProps<UpdateDraft>) {
  const setRow = (i: number, patch: Partial<UpdateDraft['updates'][number]>) =>
    onChange({ ...draft, updates: draft.updates.map((u, j) => (j === i ? { ...u, ...patch } : u)) });
  return (
    <div className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700">Custom fields to set</legend>
        {draft.updates.length === 0 && <p className="text-xs text-slate-500">No fields yet.</p>}
        {draft.updates.map((u, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity besides their place.
          <div key={i} className="space-y-2 rounded-md border border-slate-200 bg-slate-50/60 p-3">
            <div className="grid grid-cols-2 gap-2">
              <TextInput
                label={`Field ${i + 1}`}
                placeholder="plan"
                value={u.key}
                onChange={(e) => setRow(i, { key: e.target.value })}
                className="font-mono"
              />
              <Select
                label={`Type ${i + 1}`}
                value={u.kind}
                onChange={(e) => setRow(i, { kind: e.target.value as ValueKind })}
              >
                {KINDS.map((k) => (
                  <option key={k.kind} value={k.kind}>
                    {k.label}
                  </option>
                ))}
              </Select>
            </div>
            {u.kind === 'boolean' ? (
              <Select
                label={`Value ${i + 1}`}
                value={u.value === 'false' ? 'false' : 'true'}
                onChange={(e) => setRow(i, { value: e.target.value })}
              >
                <option value="true">true</option>
                <option value="false">false</option>
              </Select>
            ) : u.kind !== 'remove' ? (
              <TextInput
                label={`Value ${i + 1}`}
                value={u.value}
                inputMode={u.kind === 'number' ? 'decimal' : undefined}
                onChange={(e) => setRow(i, { value: e.target.value })}
                error={fieldError(error, `config.updates.${u.key.trim()}`)}
                className={u.kind === 'json' ? 'font-mono' : undefined}
              />
            ) : null}
            <div className="flex justify-end">
              <Button
                size="sm"
                variant="ghost"
                icon={<Trash2 className="size-3.5" aria-hidden />}
                onClick={() => onChange({ ...draft, updates: draft.updates.filter((_, j) => j !== i) })}
              >
                Remove field {i + 1}
              </Button>
            </div>
          </div>
        ))}
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus className="size-3.5" aria-hidden />}
          onClick={() => onChange({ ...draft, updates: [...draft.updates, { key: '', kind: 'string', value: '' }] })}
        >
          Add a field
        </Button>
        {configError(error, 'updates') &&
          !draft.updates.some((u) => fieldError(error, `config.updates.${u.key.trim()}`)) && (
            <p className="text-xs text-red-600">{configError(error, 'updates')}</p>
          )}
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
