/** One contact: email, subscription, consent and topics, custom fields, its activity and events; export, erase, delete. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Button, LinkButton } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Contact, contactEffects, contactQueries } from '../../queries/contacts.ts';
import { ContactConsent } from './ContactConsent.tsx';
import { ContactFields } from './ContactFields.tsx';
import { ContactProfile } from './ContactProfile.tsx';
import { ContactRights } from './ContactRights.tsx';
import { ContactTimeline } from './ContactTimeline.tsx';
import { DetailSkeleton } from './DetailSkeleton.tsx';

export function ContactPage() {
  const { contactId = '' } = useParams();
  const scope = useProject();
  const contact = useQuery(contactQueries.one(scope, contactId));
  const back = <BackLink to={scope.to('contacts')}>Contacts</BackLink>;

  if (contact.isPending) return <ContactSkeleton back={back} />;
  if (contact.isError) {
    if (contact.error instanceof ApiError && contact.error.status === 404) {
      return (
        <>
          {back}
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
        {back}
        <PageHeader title="Contact" />
        <ErrorState error={contact.error} retry={() => contact.refetch()} />
      </>
    );
  }
  return <ContactView contact={contact.data} back={back} />;
}

function ContactView({ contact, back }: { contact: Contact; back: React.ReactNode }) {
  const scope = useProject();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const remove = useMutation({
    mutationFn: () => scope.api.delete('/contacts/{id}', { path: { id: contact.id } }),
    meta: { invalidates: contactEffects(scope.projectId) },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: contactQueries.one(scope, contact.id).queryKey });
      toast(`${contact.email} was deleted.`);
      navigate(scope.to('contacts'), { replace: true });
    },
  });

  return (
    <>
      {back}
      <PageHeader
        title={contact.email}
        description={
          <>
            Added {formatDateTime(contact.createdAt)} · updated{' '}
            <time title={formatDateTime(contact.updatedAt)}>{formatRelative(contact.updatedAt)}</time>
          </>
        }
        actions={
          <>
            <LinkButton
              variant="secondary"
              to={`${scope.to('emails')}?${new URLSearchParams({ recipient: contact.email })}`}
              icon={<Mail className="size-4" aria-hidden />}
            >
              Emails
            </LinkButton>
            <ContactRights contact={contact} />
            <Button
              variant="secondary"
              icon={<Trash2 className="size-4" aria-hidden />}
              onClick={() => setConfirmDelete(true)}
            >
              Delete
            </Button>
          </>
        }
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <ContactProfile contact={contact} />
          <ContactConsent contact={contact} />
          <ContactFields contact={contact} />
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

function ContactSkeleton({ back }: { back: React.ReactNode }) {
  return (
    <DetailSkeleton label="Loading the contact" back={back}>
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="space-y-6">
          <Skeleton className="h-56 w-full rounded-lg" />
          <Skeleton className="h-40 w-full rounded-lg" />
        </div>
        <Skeleton className="h-96 w-full rounded-lg" />
      </div>
    </DetailSkeleton>
  );
}
