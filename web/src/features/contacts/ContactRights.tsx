/**
 * A contact's data rights (beyond.md §3) as actions on its page: "Export data" downloads the JSON
 * document the API builds; "Erase" removes the contact for good behind a typed confirmation (the
 * contact's email), keeps its emails' figures without the address, and suppresses the address.
 */
import { Download, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can } from '../../api/session.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { Button } from '../../components/Button.tsx';
import { leaveUnasked } from '../../components/LeaveGuard.tsx';
import { TypeToConfirmDialog } from '../../components/TypeToConfirmDialog.tsx';
import { fileNameOf, saveBlob } from '../../lib/download.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Contact, contactMutations } from '../../queries/contacts.ts';
import { useAction } from '../../queries/use-action.ts';

export function ContactRights({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const [erasing, setErasing] = useState(false);
  const exportData = useAction(contactMutations.exportData(scope, contact.id), {
    onSuccess: ({ blob, disposition }) => saveBlob(blob, fileNameOf(disposition, `contact-${contact.id}.json`)),
  });
  const erase = useAction(contactMutations.erase(scope, contact.id), {
    inline: true,
    onSuccess: () => {
      toast(t('{email} was erased.', { email: contact.email }));
      // The contact is gone: a change left in one of its forms has nothing to be saved to.
      leaveUnasked();
      navigate(scope.to('contacts'), { replace: true });
    },
  });

  return (
    <>
      <ActionButton action={exportData} icon={Download}>
        {t('Export data')}
      </ActionButton>
      {/* Erasing cannot be undone, so it takes its own permission (contacts.erase). */}
      {can(scope.project, 'contacts.erase') && (
        <Button variant="secondary" icon={<ShieldX className="size-4" aria-hidden />} onClick={() => setErasing(true)}>
          {t('Erase')}
        </Button>
      )}
      <TypeToConfirmDialog
        open={erasing}
        onClose={() => setErasing(false)}
        action={erase}
        title={t('Erase {email}?', { email: contact.email })}
        confirmText={contact.email}
        confirmLabel={t('Erase contact')}
      >
        <p>
          {t(
            'The contact, its events and its workflow runs are deleted. Its emails stay in your statistics without the address, subject or content, and the address is never mailed again unless it signs up and confirms anew. This cannot be undone; export the data first if the person asked for it.',
          )}
        </p>
      </TypeToConfirmDialog>
    </>
  );
}
