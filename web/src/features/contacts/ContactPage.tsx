/** One contact: email, subscription, custom fields, its activity and events; delete. */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage, fieldError } from '../../api/client.ts';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { TextInput } from '../../components/Field.tsx';
import { Badge, Card, PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { EmptyState, ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { Switch } from '../../components/Switch.tsx';
import { useToast } from '../../components/Toast.tsx';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { ContactTimeline } from './ContactTimeline.tsx';
import { DataEditor } from './DataEditor.tsx';
import { buildDataPatch, type DataRow, displayValue, type RowErrors, rowsFromData } from './data-editor.ts';
import { type Contact, contactsKey, fieldsKey } from './queries.ts';

export function ContactPage() {
  const { contactId = '' } = useParams();
  const { projectId, api, to } = useProject();
  const contact = useQuery({
    queryKey: contactsKey(projectId, 'detail', contactId),
    queryFn: () => api.get('/contacts/{id}', { path: { id: contactId } }),
  });

  if (contact.isPending) return <ContactSkeleton back={to('contacts')} />;
  if (contact.isError) {
    if (contact.error instanceof ApiError && contact.error.status === 404) {
      return (
        <>
          <BackLink to={to('contacts')}>Contacts</BackLink>
          <PageHeader title="Contact not found" />
          <EmptyState
            title="This contact does not exist"
            description="It may have been deleted, or the link belongs to another project."
          />
        </>
      );
    }
    return (
      <>
        <BackLink to={to('contacts')}>Contacts</BackLink>
        <PageHeader title="Contact" />
        <ErrorState error={contact.error} retry={() => contact.refetch()} />
      </>
    );
  }
  return <ContactView contact={contact.data} />;
}

function ContactView({ contact }: { contact: Contact }) {
  const { projectId, api, to } = useProject();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const key = contactsKey(projectId, 'detail', contact.id);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const remove = useMutation({
    mutationFn: () => api.delete('/contacts/{id}', { path: { id: contact.id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: contactsKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: fieldsKey(projectId) });
      toast(`${contact.email} was deleted.`);
      navigate(to('contacts'), { replace: true });
    },
    onError: (error) => toast(errorMessage(error), 'error'),
  });

  return (
    <>
      <BackLink to={to('contacts')}>Contacts</BackLink>
      <PageHeader
        title={contact.email}
        description={
          <>
            Added {formatDateTime(contact.createdAt)} · updated{' '}
            <time title={formatDateTime(contact.updatedAt)}>{formatRelative(contact.updatedAt)}</time>
          </>
        }
        actions={
          <Button
            variant="secondary"
            icon={<Trash2 className="size-4" aria-hidden />}
            onClick={() => setConfirmDelete(true)}
          >
            Delete
          </Button>
        }
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="space-y-6">
          <ProfileCard contact={contact} />
          <FieldsCard contact={contact} />
        </div>
        <ContactTimeline contactId={contact.id} />
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
        title={`Delete ${contact.email}?`}
        confirmLabel="Delete contact"
      >
        The contact, its fields and its event history are removed. Emails already sent stay in your analytics. This
        cannot be undone.
      </ConfirmDialog>
    </>
  );
}

/** Email (changeable), subscription (a switch that answers at once) and the id. */
function ProfileCard({ contact }: { contact: Contact }) {
  const { projectId, api } = useProject();
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = contactsKey(projectId, 'detail', contact.id);
  const [editingEmail, setEditingEmail] = useState(false);
  const [email, setEmail] = useState(contact.email);

  const subscription = useMutation({
    mutationFn: (subscribed: boolean) =>
      api.patch('/contacts/{id}', { path: { id: contact.id }, body: { subscribed } }),
    // Optimistic: the switch moves at once and moves back if the API refuses.
    onMutate: async (subscribed) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Contact>(key);
      if (before) queryClient.setQueryData<Contact>(key, { ...before, subscribed });
      return { before };
    },
    onError: (error, _v, ctx) => {
      if (ctx?.before) queryClient.setQueryData(key, ctx.before);
      toast(errorMessage(error), 'error');
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(key, updated);
      toast(updated.subscribed ? 'Subscribed to marketing email.' : 'Unsubscribed from marketing email.');
    },
    onSettled: () => {
      void queryClient.invalidateQueries({
        queryKey: contactsKey(projectId),
        predicate: (q) => q.queryKey[3] === 'list',
      });
      void queryClient.invalidateQueries({ queryKey: contactsKey(projectId, 'activity', contact.id) });
    },
  });

  const changeEmail = useMutation({
    mutationFn: () => api.patch('/contacts/{id}', { path: { id: contact.id }, body: { email: email.trim() } }),
    onSuccess: (updated) => {
      queryClient.setQueryData(key, updated);
      void queryClient.invalidateQueries({
        queryKey: contactsKey(projectId),
        predicate: (q) => q.queryKey[3] === 'list',
      });
      setEditingEmail(false);
      toast('Email address changed.');
    },
  });
  const submitEmail = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim() === contact.email) setEditingEmail(false);
    else changeEmail.mutate();
  };
  const emailError = fieldError(changeEmail.error, 'email');

  return (
    <Card title="Profile">
      <dl className="space-y-4 text-sm">
        <div>
          <dt className="mb-1 font-medium text-slate-700">Email</dt>
          <dd>
            {editingEmail ? (
              <form onSubmit={submitEmail} noValidate className="space-y-2">
                <FormError error={changeEmail.error && !emailError ? changeEmail.error : null} />
                <TextInput
                  label="New email address"
                  hideLabel
                  type="email"
                  autoFocus
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  error={emailError}
                />
                <div className="flex gap-2">
                  <Button type="submit" size="sm" loading={changeEmail.isPending}>
                    Save email
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => {
                      setEditingEmail(false);
                      setEmail(contact.email);
                      changeEmail.reset();
                    }}
                  >
                    Cancel
                  </Button>
                </div>
              </form>
            ) : (
              <div className="flex items-center justify-between gap-2">
                <span className="truncate text-slate-900">{contact.email}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<Pencil className="size-3.5" aria-hidden />}
                  onClick={() => {
                    setEmail(contact.email);
                    setEditingEmail(true);
                  }}
                >
                  Change
                </Button>
              </div>
            )}
          </dd>
        </div>
        <div>
          <dt className="mb-1 font-medium text-slate-700">Marketing email</dt>
          <dd className="flex items-center justify-between gap-3">
            <span className="text-slate-600">
              {contact.subscribed ? <Badge tone="green">Subscribed</Badge> : <Badge tone="gray">Unsubscribed</Badge>}
              <span className="ml-2 text-xs text-slate-500">
                {contact.subscribed ? 'Receives campaigns.' : 'Gets transactional email only.'}
              </span>
            </span>
            <Switch label="Subscribed" checked={contact.subscribed} onChange={(next) => subscription.mutate(next)} />
          </dd>
        </div>
        <div>
          <dt className="mb-1 font-medium text-slate-700">Contact ID</dt>
          <dd className="flex items-center justify-between gap-2">
            <code className="truncate text-xs text-slate-600">{contact.id}</code>
            <span className="shrink-0">
              <CopyButton value={contact.id} label="Copy ID" />
            </span>
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** The custom fields: a list to read, and an editor that sends only what changed. */
function FieldsCard({ contact }: { contact: Contact }) {
  const { projectId, api } = useProject();
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = contactsKey(projectId, 'detail', contact.id);
  const [rows, setRows] = useState<DataRow[] | undefined>();
  const [rowErrors, setRowErrors] = useState<Record<string, RowErrors>>({});
  const keys = Object.keys(contact.data).sort((a, b) => a.localeCompare(b));

  const save = useMutation({
    mutationFn: (data: Record<string, unknown>) =>
      api.patch('/contacts/{id}', { path: { id: contact.id }, body: { data } }),
    onSuccess: (updated) => {
      queryClient.setQueryData(key, updated);
      void queryClient.invalidateQueries({
        queryKey: contactsKey(projectId),
        predicate: (q) => q.queryKey[3] === 'list',
      });
      void queryClient.invalidateQueries({ queryKey: fieldsKey(projectId) });
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

function ContactSkeleton({ back }: { back: string }) {
  return (
    <div role="status" aria-label="Loading the contact">
      <BackLink to={back}>Contacts</BackLink>
      <div className="mb-6 space-y-2">
        <Skeleton className="h-7 w-72" />
        <Skeleton className="h-4 w-96" />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="space-y-6">
          <Skeleton className="h-56 w-full rounded-lg" />
          <Skeleton className="h-40 w-full rounded-lg" />
        </div>
        <Skeleton className="h-96 w-full rounded-lg" />
      </div>
    </div>
  );
}
