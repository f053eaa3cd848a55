/**
 * A contact's data rights (beyond.md §3) as actions on its page: "Export data" downloads the JSON
 * document the API builds; "Erase" removes the contact for good behind a typed confirmation (the
 * contact's email), keeps its emails' figures without the address, and suppresses the address.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { can } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { FormError } from '../../components/States.tsx';
import { TypeToConfirmDialog } from '../../components/TypeToConfirmDialog.tsx';
import { fileNameOf, saveBlob } from '../../lib/download.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Contact, contactEffects, contactQueries } from '../../queries/contacts.ts';

export function ContactRights({ contact }: { contact: Contact }) {
  const scope = useProject();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [erasing, setErasing] = useState(false);

  // The export is a file, not JSON for the screen: the one call here through api.raw.
  const exportData = useMutation({
    mutationFn: async () => {
      const res = await scope.api.raw('GET', `/contacts/${encodeURIComponent(contact.id)}/export`);
      saveBlob(await res.blob(), fileNameOf(res.headers.get('content-disposition'), `contact-${contact.id}.json`));
    },
  });
  const erase = useMutation({
    mutationFn: () => scope.api.post('/contacts/{id}/erase', { path: { id: contact.id } }),
    meta: { invalidates: contactEffects(scope.projectId), errorShownInline: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: contactQueries.one(scope, contact.id).queryKey });
      toast(`${contact.email} was erased.`);
      navigate(scope.to('contacts'), { replace: true });
    },
  });

  return (
    <>
      <Button
        variant="secondary"
        icon={<Download className="size-4" aria-hidden />}
        loading={exportData.isPending}
        onClick={() => exportData.mutate()}
      >
        Export data
      </Button>
      {/* Erasing cannot be undone, so it takes the Owner or Admin role (contacts.erase). */}
      {can(scope.project, 'contacts.erase') && (
        <Button
          variant="secondary"
          icon={<ShieldX className="size-4" aria-hidden />}
          onClick={() => {
            erase.reset();
            setErasing(true);
          }}
        >
          Erase
        </Button>
      )}
      <TypeToConfirmDialog
        open={erasing}
        onClose={() => setErasing(false)}
        onConfirm={() => erase.mutate()}
        busy={erase.isPending}
        title={`Erase ${contact.email}?`}
        confirmText={contact.email}
        confirmLabel="Erase contact"
      >
        <p>
          The contact, its events and its workflow runs are deleted. Its emails stay in your statistics without the
          address, subject or content, and the address is never mailed again unless it signs up and confirms anew. This
          cannot be undone; export the data first if the person asked for it.
        </p>
        {erase.error ? (
          <div className="mt-3">
            <FormError error={erase.error} />
          </div>
        ) : null}
      </TypeToConfirmDialog>
    </>
  );
}
