/** A contact's custom fields: a list to read, and an editor that sends only what changed. */

import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Badge, Card } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { activeLanguage } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Contact, contactMutations } from '../../queries/contacts.ts';
import { useAction } from '../../queries/use-action.ts';
import { DataEditor } from './DataEditor.tsx';
import { buildDataPatch, displayValue, rowChecks, rowsFromData } from './data-editor.ts';

export function ContactFields({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const scope = useProject();
  const [editing, setEditing] = useState(false);
  const keys = Object.keys(contact.data).sort((a, b) => a.localeCompare(b, activeLanguage()));
  const save = useAction(contactMutations.update(scope, contact.id), {
    inline: true,
    onSuccess: () => {
      setEditing(false);
      toast(t('Fields saved.'));
    },
  });
  const d = useDraft(
    { rows: rowsFromData(contact.data) },
    {
      save,
      toBody: ({ rows }) => ({ data: buildDataPatch(contact.data, rows).patch }),
      check: ({ rows }) => rowChecks(buildDataPatch(contact.data, rows).errors),
      // Rows that change nothing close the editor without asking the API.
      unchanged: ({ rows }) => buildDataPatch(contact.data, rows).empty,
      onUnchanged: () => setEditing(false),
      leaveMessage: t('The custom fields are not saved yet. Leave and lose the changes?'),
    },
  );
  const close = () => {
    d.reset();
    setEditing(false);
  };

  if (editing) {
    return (
      <Card title={t('Custom fields')}>
        <form onSubmit={d.submit} noValidate className="space-y-3">
          <FormError error={d.formError} />
          <DataEditor draft={d} />
          <div className="flex justify-end gap-2 border-t border-slate-100 pt-3">
            <Button variant="secondary" onClick={close}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={d.saving}>
              {t('Save fields')}
            </Button>
          </div>
        </form>
      </Card>
    );
  }
  return (
    <Card
      title={t('Custom fields')}
      actions={
        <Button
          size="sm"
          variant="secondary"
          icon={<Pencil className="size-3.5" aria-hidden />}
          onClick={() => setEditing(true)}
        >
          {t('Edit fields')}
        </Button>
      }
    >
      {keys.length === 0 ? (
        <p className="text-sm text-slate-500">
          {t(
            'No custom fields yet. Add some (plan, company, signup source…) to personalise emails and build segments.',
          )}
        </p>
      ) : (
        <dl className="divide-y divide-slate-100 text-sm" aria-label={t('Custom fields')}>
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
  const { t } = useTranslation();
  if (typeof value === 'boolean') return <Badge tone={value ? 'green' : 'gray'}>{value ? t('Yes') : t('No')}</Badge>;
  if (value !== null && typeof value === 'object')
    return <code className="rounded bg-slate-50 px-1 py-0.5 font-mono text-xs">{JSON.stringify(value)}</code>;
  return <>{displayValue(value)}</>;
}
