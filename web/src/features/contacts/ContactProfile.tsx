/** A contact's profile card: email (changeable), subscription (a switch that answers at once) and the id. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { TextInput } from '../../components/Field.tsx';
import { Badge, Card } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
import { Switch } from '../../components/Switch.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Contact, contactEffects, contactQueries } from '../../queries/contacts.ts';

export function ContactProfile({ contact }: { contact: Contact }) {
  const scope = useProject();
  const { api } = scope;
  const queryClient = useQueryClient();
  const key = contactQueries.one(scope, contact.id).queryKey;
  const invalidates = contactEffects(scope.projectId);
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
    onError: (_e, _v, ctx) => {
      if (ctx?.before) queryClient.setQueryData(key, ctx.before);
    },
    meta: { invalidates },
    onSuccess: (updated) => {
      queryClient.setQueryData(key, updated);
      toast(updated.subscribed ? 'Subscribed to marketing email.' : 'Unsubscribed from marketing email.');
    },
  });

  const changeEmail = useMutation({
    mutationFn: () => api.patch('/contacts/{id}', { path: { id: contact.id }, body: { email: email.trim() } }),
    meta: { invalidates, errorShownInline: true },
    onSuccess: (updated) => {
      queryClient.setQueryData(key, updated);
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
