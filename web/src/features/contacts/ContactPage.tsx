/** One contact: email, subscription, consent and topics, custom fields, its activity and events; export, erase, delete. */
import { useQuery } from '@tanstack/react-query';
import { Mail, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button, LinkButton } from '../../components/Button.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { leaveUnasked } from '../../components/LeaveGuard.tsx';
import { Skeleton } from '../../components/States.tsx';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Contact, contactMutations, contactQueries } from '../../queries/contacts.ts';
import { useAction } from '../../queries/use-action.ts';
import { ContactConsent } from './ContactConsent.tsx';
import { ContactFields } from './ContactFields.tsx';
import { ContactProfile } from './ContactProfile.tsx';
import { ContactRights } from './ContactRights.tsx';
import { ContactTimeline } from './ContactTimeline.tsx';

export function ContactPage() {
  const { t } = useTranslation();
  const { contactId = '' } = useParams();
  const scope = useProject();
  const contact = useQuery(contactQueries.one(scope, contactId));
  return (
    <DetailScreen
      query={contact}
      back={{ to: scope.to('contacts'), label: t('Contacts') }}
      kind="contact"
      skeleton={<ContactSkeleton />}
    >
      {(c) => <ContactView contact={c} />}
    </DetailScreen>
  );
}

function ContactView({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useAction(contactMutations.remove(scope, contact.id), {
    inline: true,
    onSuccess: () => {
      toast(t('{email} was deleted.', { email: contact.email }));
      // The contact is gone: a change left in one of its forms has nothing to be saved to.
      leaveUnasked();
      navigate(scope.to('contacts'), { replace: true });
    },
  });

  return (
    <>
      <PageHeader
        title={contact.email}
        description={
          <Trans
            i18nKey="Added {added} · updated <time>{updated}</time>"
            values={{ added: formatDateTime(contact.createdAt), updated: formatRelative(contact.updatedAt) }}
            components={{ time: <time title={formatDateTime(contact.updatedAt)} /> }}
          />
        }
        actions={
          <>
            <LinkButton
              variant="secondary"
              to={`${scope.to('emails')}?${new URLSearchParams({ recipient: contact.email })}`}
              icon={<Mail className="size-4" aria-hidden />}
            >
              {t('Emails')}
            </LinkButton>
            <ContactRights contact={contact} />
            <Button
              variant="secondary"
              icon={<Trash2 className="size-4" aria-hidden />}
              onClick={() => setConfirmDelete(true)}
            >
              {t('Delete')}
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
        action={remove}
        title={t('Delete {email}?', { email: contact.email })}
        confirmLabel={t('Delete contact')}
      >
        {t(
          'The contact, its fields and its event history are removed. Emails already sent stay in your analytics. This cannot be undone.',
        )}
      </ConfirmDialog>
    </>
  );
}

/** The contact's shape while it loads: its heading, then the cards beside its history. */
function ContactSkeleton() {
  return (
    <>
      <div className="mb-6 space-y-2">
        <Skeleton className="h-7 w-72 max-w-full" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="space-y-6">
          <Skeleton className="h-56 w-full rounded-lg" />
          <Skeleton className="h-40 w-full rounded-lg" />
        </div>
        <Skeleton className="h-96 w-full rounded-lg" />
      </div>
    </>
  );
}
