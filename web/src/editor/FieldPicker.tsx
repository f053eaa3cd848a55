/**
 * "Insert field": the project's contact fields (GET /contacts/fields) and the address every contact
 * has, picked to print them in the text (`{{ firstName }}`). Reading the list is cheap: the fields
 * query is kept for half a minute and shared with the filter builders.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useProject } from '../lib/project-context.tsx';
import { fieldQueries } from '../queries/contacts.ts';

/** The fields offered: the contact's address, then the custom fields by name. */
export function insertableFields(fields: Array<{ field: string; isCustom: boolean }>): string[] {
  const custom = fields
    .filter((f) => f.isCustom && f.field.startsWith('data.'))
    .map((f) => f.field)
    .sort();
  return ['email', ...custom];
}

export function FieldPicker({ onPick }: { onPick: (field: string) => void }) {
  const { t } = useTranslation();
  const fields = useQuery(fieldQueries.list(useProject()));
  const options = insertableFields(fields.data?.fields ?? []);
  return (
    <select
      aria-label={t('Insert field')}
      value=""
      onChange={(e) => {
        if (e.target.value) onPick(e.target.value);
      }}
      className="h-7 rounded border border-slate-300 bg-white px-1 text-xs text-slate-700"
    >
      <option value="">{t('Insert field…')}</option>
      {options.map((field) => (
        <option key={field} value={field}>
          {field.replace(/^data\./, '')}
        </option>
      ))}
    </select>
  );
}
