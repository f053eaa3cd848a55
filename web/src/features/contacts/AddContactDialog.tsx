/** Adds a contact: email, subscription and custom fields. POST /contacts upserts by email. */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldError } from '../../api/client.ts';
import { Checkbox, TextInput } from '../../components/Field.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { contactQueries, fieldQueries } from '../../queries/contacts.ts';
import { segmentQueries } from '../../queries/segments.ts';
import { DataEditor } from './DataEditor.tsx';
import { buildDataPatch, type DataRow, type RowErrors } from './data-editor.ts';

export function AddContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { projectId, api } = useProject();
  const [email, setEmail] = useState('');
  const [subscribed, setSubscribed] = useState(true);
  const [rows, setRows] = useState<DataRow[]>([]);
  const [rowErrors, setRowErrors] = useState<Record<string, RowErrors>>({});
  const create = useMutation({
    mutationFn: (data: Record<string, unknown>) =>
      api.post('/contacts', { body: { email: email.trim(), subscribed, data } }),
    // A new contact changes the lists, field coverage and the dynamic segments' members.
    meta: {
      invalidates: [contactQueries.all(projectId), fieldQueries.all(projectId), segmentQueries.all(projectId)],
      errorShownInline: true,
    },
    onSuccess: (contact) => {
      toast(
        contact._meta.isNew
          ? `${contact.email} was added.`
          : `${contact.email} was already a contact; its details were updated.`,
      );
      close();
    },
  });
  // Each opening starts with an empty form.
  const close = () => {
    setEmail('');
    setSubscribed(true);
    setRows([]);
    setRowErrors({});
    create.reset();
    onClose();
  };
  const submit = () => {
    const { patch, errors } = buildDataPatch({}, rows);
    setRowErrors(errors);
    if (Object.keys(errors).length === 0) create.mutate(patch);
  };

  const emailError = fieldError(create.error, 'email');
  const dataError = fieldError(create.error, 'data');
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Add a contact"
      submitLabel="Add contact"
      onSubmit={submit}
      busy={create.isPending}
      error={create.error && !emailError && !dataError ? create.error : null}
      wide
    >
      <TextInput
        label="Email"
        // Text with an email keyboard: FormDialog's form validates natively, and the API's own message
        // for a malformed address is the one to show.
        type="text"
        inputMode="email"
        required
        autoFocus
        autoComplete="off"
        placeholder="ada@example.com"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          if (emailError) create.reset();
        }}
        error={emailError}
        hint="If this address is already a contact, its subscription and fields are updated instead."
      />
      <Checkbox
        label="Subscribed to marketing email"
        checked={subscribed}
        onChange={(e) => setSubscribed(e.target.checked)}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Custom fields</legend>
        <p className="text-xs text-slate-500">
          Use them in templates as <code className="rounded bg-slate-100 px-1 text-slate-800">{'{{plan}}'}</code>, and
          in segments and workflow conditions.
        </p>
        <DataEditor rows={rows} onChange={setRows} errors={rowErrors} apiError={create.error} />
        {dataError && !rows.some((r) => fieldError(create.error, `data.${r.key.trim()}`)) && (
          <p className="text-xs text-red-600">{dataError}</p>
        )}
      </fieldset>
    </FormDialog>
  );
}
