/** Adds a contact: email, subscription and custom fields. POST /contacts upserts by email. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../api/client.ts';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Checkbox, TextInput } from '../../components/Field.tsx';
import { FormError } from '../../components/States.tsx';
import { useToast } from '../../components/Toast.tsx';
import { DataEditor } from './DataEditor.tsx';
import { buildDataPatch, type DataRow, type RowErrors } from './data-editor.ts';
import { contactsKey, fieldsKey } from './queries.ts';

export function AddContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Add a contact" wide>
      {/* Mounted only while open, so each opening starts with an empty form. */}
      {open && <AddContactForm onClose={onClose} />}
    </Dialog>
  );
}

function AddContactForm({ onClose }: { onClose: () => void }) {
  const { projectId, api } = useProject();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [subscribed, setSubscribed] = useState(true);
  const [rows, setRows] = useState<DataRow[]>([]);
  const [rowErrors, setRowErrors] = useState<Record<string, RowErrors>>({});

  const create = useMutation({
    mutationFn: (data: Record<string, unknown>) =>
      api.post('/contacts', { body: { email: email.trim(), subscribed, data } }),
    onSuccess: (contact) => {
      void queryClient.invalidateQueries({ queryKey: contactsKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: fieldsKey(projectId) });
      toast(
        contact._meta.isNew
          ? `${contact.email} was added.`
          : `${contact.email} was already a contact; its details were updated.`,
      );
      onClose();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { patch, errors } = buildDataPatch({}, rows);
    setRowErrors(errors);
    if (Object.keys(errors).length > 0) return;
    create.mutate(patch);
  };

  const emailError = fieldError(create.error, 'email');
  const dataError = fieldError(create.error, 'data');
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError error={create.error && !emailError && !dataError ? create.error : null} />
      <TextInput
        label="Email"
        type="email"
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
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Add contact
        </Button>
      </div>
    </form>
  );
}
