/** A contact's custom fields: a list to read, and an editor that sends only what changed. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Badge, Card } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Contact, contactEffects, contactQueries } from '../../queries/contacts.ts';
import { DataEditor } from './DataEditor.tsx';
import { buildDataPatch, type DataRow, displayValue, type RowErrors, rowsFromData } from './data-editor.ts';

export function ContactFields({ contact }: { contact: Contact }) {
  const scope = useProject();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<DataRow[] | undefined>();
  const [rowErrors, setRowErrors] = useState<Record<string, RowErrors>>({});
  const keys = Object.keys(contact.data).sort((a, b) => a.localeCompare(b));

  const save = useMutation({
    mutationFn: (data: Record<string, unknown>) =>
      scope.api.patch('/contacts/{id}', { path: { id: contact.id }, body: { data } }),
    meta: { invalidates: contactEffects(scope.projectId), errorShownInline: true },
    onSuccess: (updated) => {
      queryClient.setQueryData(contactQueries.one(scope, contact.id).queryKey, updated);
      setRows(undefined);
      toast('Fields saved.');
    },
  });

  const startEditing = () => {
    save.reset();
    setRowErrors({});
    setRows(rowsFromData(contact.data));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!rows) return;
    const result = buildDataPatch(contact.data, rows);
    setRowErrors(result.errors);
    if (Object.keys(result.errors).length > 0) return;
    if (result.empty) {
      setRows(undefined);
      return;
    }
    save.mutate(result.patch);
  };

  if (rows) {
    const dataError = fieldError(save.error, 'data');
    return (
      <Card title="Custom fields">
        <form onSubmit={submit} noValidate className="space-y-3">
          <FormError error={save.error && !dataError ? save.error : null} />
          <DataEditor rows={rows} onChange={setRows} errors={rowErrors} apiError={save.error} />
          {dataError && !rows.some((r) => fieldError(save.error, `data.${r.key.trim()}`)) && (
            <p className="text-xs text-red-600">{dataError}</p>
          )}
          <div className="flex justify-end gap-2 border-t border-slate-100 pt-3">
            <Button variant="secondary" onClick={() => setRows(undefined)}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save fields
            </Button>
          </div>
        </form>
      </Card>
    );
  }
  return (
    <Card
      title="Custom fields"
      actions={
        <Button size="sm" variant="secondary" icon={<Pencil className="size-3.5" aria-hidden />} onClick={startEditing}>
          Edit fields
        </Button>
      }
    >
      {keys.length === 0 ? (
        <p className="text-sm text-slate-500">
          No custom fields yet. Add some (plan, company, signup source…) to personalise emails and build segments.
        </p>
      ) : (
        <dl className="divide-y divide-slate-100 text-sm" aria-label="Custom fields">
          {keys.map((k) => (
            <div key={k} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 py-2 first:pt-0 last:pb-0">
              <dt className="truncate font-medium text-slate-600" title={k}>
                {k}
              </dt>
              <dd className="min-w-0 break-words text-slate-900">
                <FieldValue value={contact.data[k]} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

function FieldValue({ value }: { value: unknown }) {
  if (typeof value === 'boolean') return <Badge tone={value ? 'green' : 'gray'}>{value ? 'Yes' : 'No'}</Badge>;
  if (value !== null && typeof value === 'object')
    return <code className="rounded bg-slate-50 px-1 py-0.5 font-mono text-xs">{JSON.stringify(value)}</code>;
  return <>{displayValue(value)}</>;
}
