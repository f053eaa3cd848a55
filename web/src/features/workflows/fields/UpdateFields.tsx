/** UPDATE_CONTACT: custom fields to set (typed) or remove, and a change of subscription. */
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { Select, TextInput } from '../../../components/Field.tsx';
import { msg } from '../../../i18n/msg.ts';
import type { UpdateDraft, ValueKind } from '../step-drafts.ts';
import { configError, type FieldsProps } from './field-props.ts';

type Row = UpdateDraft['updates'][number];

/** English messages, translated where shown. */
const KINDS: Array<{ kind: ValueKind; label: string }> = [
  { kind: 'string', label: msg('Text') },
  { kind: 'number', label: msg('Number') },
  { kind: 'boolean', label: msg('True / false') },
  { kind: 'json', label: msg('JSON') },
  { kind: 'remove', label: msg('Remove the field') },
];

export function UpdateFields({ draft, onChange, error }: FieldsProps<UpdateDraft>) {
  const { t } = useTranslation();
  const rows = draft.updates;
  const setRows = (updates: Row[]) => onChange({ ...draft, updates });
  // The API names a value's problem by its key; a problem with the whole set shows under the list.
  const rowError = (u: Row) => fieldError(error, `config.updates.${u.key.trim()}`);
  const listError = rows.some(rowError) ? undefined : configError(error, 'updates');
  return (
    <div className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700">{t('Custom fields to set')}</legend>
        {rows.length === 0 && <p className="text-xs text-slate-500">{t('No fields yet.')}</p>}
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
          {t('Add a field')}
        </Button>
        {listError && <p className="text-xs text-red-600">{listError}</p>}
      </fieldset>
      <Select
        label={t('Subscription')}
        value={draft.subscriptionAction}
        onChange={(e) =>
          onChange({ ...draft, subscriptionAction: e.target.value as UpdateDraft['subscriptionAction'] })
        }
        error={configError(error, 'subscriptionAction')}
      >
        <option value="none">{t('Leave as it is')}</option>
        <option value="subscribe">{t('Subscribe the contact')}</option>
        <option value="unsubscribe">{t('Unsubscribe the contact')}</option>
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
  const { t } = useTranslation();
  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50/60 p-3">
      <div className="grid grid-cols-2 gap-2">
        <TextInput
          label={t('Field {number}', { number: n })}
          placeholder={t('plan')}
          value={row.key}
          onChange={(e) => onChange({ key: e.target.value })}
          className="font-mono"
        />
        <Select
          label={t('Type {number}', { number: n })}
          value={row.kind}
          onChange={(e) => onChange({ kind: e.target.value as ValueKind })}
        >
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {t(k.label)}
            </option>
          ))}
        </Select>
      </div>
      {row.kind === 'boolean' ? (
        <Select
          label={t('Value {number}', { number: n })}
          value={row.value === 'false' ? 'false' : 'true'}
          onChange={(e) => onChange({ value: e.target.value })}
        >
          <option value="true">{t('true')}</option>
          <option value="false">{t('false')}</option>
        </Select>
      ) : row.kind !== 'remove' ? (
        <TextInput
          label={t('Value {number}', { number: n })}
          value={row.value}
          inputMode={row.kind === 'number' ? 'decimal' : undefined}
          onChange={(e) => onChange({ value: e.target.value })}
          error={error}
          className={row.kind === 'json' ? 'font-mono' : undefined}
        />
      ) : null}
      <div className="flex justify-end">
        <Button size="sm" variant="ghost" icon={<Trash2 className="size-3.5" aria-hidden />} onClick={onRemove}>
          {t('Remove field {number}', { number: n })}
        </Button>
      </div>
    </div>
  );
}
