/**
 * Adds a contact: email, subscription and custom fields. POST /contacts upserts by email. Mounted
 * only while open, so each opening starts with an empty form.
 */
import { Trans, useTranslation } from 'react-i18next';
import { Checkbox, TextInput } from '../../components/Field.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { contactMutations } from '../../queries/contacts.ts';
import { useAction } from '../../queries/use-action.ts';
import { DataEditor } from './DataEditor.tsx';
import { buildDataPatch, type DataRow, rowChecks } from './data-editor.ts';

interface Draft {
  email: string;
  subscribed: boolean;
  rows: DataRow[];
}

const blank: Draft = { email: '', subscribed: true, rows: [] };

export function AddContactDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useAction(contactMutations.create(useProject()), {
    inline: true,
    onSuccess: (contact) => {
      toast(
        contact._meta.isNew
          ? t('{email} was added.', { email: contact.email })
          : t('{email} was already a contact; its details were updated.', { email: contact.email }),
      );
      onClose();
    },
  });
  const d = useDraft(blank, {
    save: create,
    toBody: ({ email, subscribed, rows }) => ({
      email: email.trim(),
      subscribed,
      data: buildDataPatch({}, rows).patch,
    }),
    check: ({ rows }) => rowChecks(buildDataPatch({}, rows).errors),
    leaveMessage: t('This contact is not added yet. Leave and lose it?'),
  });

  return (
    <FormDialog open onClose={onClose} title={t('Add a contact')} submitLabel={t('Add contact')} draft={d} wide>
      <TextInput
        label={t('Email')}
        // Text with an email keyboard: the API's own message for a malformed address is the one to show.
        type="text"
        inputMode="email"
        required
        autoFocus
        autoComplete="off"
        placeholder="ada@example.com" // i18n-ignore: an example address.
        {...d.text('email')}
        hint={t('If this address is already a contact, its subscription and fields are updated instead.')}
      />
      <Checkbox label={t('Subscribed to marketing email')} {...d.checkbox('subscribed')} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">{t('Custom fields')}</legend>
        <p className="text-xs text-slate-500">
          <Trans
            i18nKey="Use them in templates as <code>{example}</code>, and in segments and workflow conditions."
            values={{ example: '{{plan}}' }}
            components={{ code: <code className="rounded bg-slate-100 px-1 text-slate-800" /> }}
          />
        </p>
        <DataEditor draft={d} />
      </fieldset>
    </FormDialog>
  );
}
