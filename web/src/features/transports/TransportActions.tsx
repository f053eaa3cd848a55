/**
 * What can be done to one transport from its row: switch it on or off (beside its status), test its
 * connection (which connects and authenticates without sending), edit it, delete it. The dialogs are the page's, so
 * they never sit inside the table's cells; the delete asks first (DeleteTransportDialog).
 */
import { useMutation } from '@tanstack/react-query';
import { Pencil, PlugZap, Trash2 } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Switch } from '../../components/Switch.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Transport, type TransportTest, transportQueries } from '../../queries/transports.ts';

export function TransportActions({
  transport,
  onEdit,
  onDelete,
  onTested,
}: {
  transport: Transport;
  onEdit: () => void;
  onDelete: () => void;
  onTested: (result: TransportTest) => void;
}) {
  const { api, projectId } = useProject();
  const all = transportQueries.all(projectId);
  const test = useMutation({
    mutationFn: () => api.post('/transports/{id}/test', { path: { id: transport.id } }),
    // A test may clear or add to the failure count the list shows.
    meta: { invalidates: [all] },
    onSuccess: onTested,
  });

  return (
    <span className="inline-flex items-center gap-1">
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Test connection of ${transport.name}`}
        icon={<PlugZap className="size-3.5" aria-hidden />}
        loading={test.isPending}
        onClick={() => test.mutate()}
      >
        Test connection
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Edit ${transport.name}`}
        icon={<Pencil className="size-3.5" aria-hidden />}
        onClick={onEdit}
      >
        Edit
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Delete ${transport.name}`}
        icon={<Trash2 className="size-3.5" aria-hidden />}
        onClick={onDelete}
      >
        Delete
      </Button>
    </span>
  );
}

/** Switches the transport on or off at once; its name is the switch's label. */
export function EnabledSwitch({ transport }: { transport: Transport }) {
  const { api, projectId } = useProject();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => api.patch('/transports/{id}', { path: { id: transport.id }, body: { enabled } }),
    meta: { invalidates: [transportQueries.all(projectId)] },
    onSuccess: (saved) =>
      toast(saved.enabled ? `${saved.name} enabled.` : `${saved.name} disabled: no mail goes out through it.`),
  });
  return (
    <Switch
      label={`${transport.name} enabled`}
      checked={transport.enabled}
      busy={toggle.isPending}
      onChange={(next) => toggle.mutate(next)}
    />
  );
}

/** Asks before deleting; a refusal from the API shows in the dialog. */
export function DeleteTransportDialog({ transport, onClose }: { transport: Transport; onClose: () => void }) {
  const { api, projectId } = useProject();
  const remove = useMutation({
    mutationFn: () => api.delete('/transports/{id}', { path: { id: transport.id } }),
    meta: { invalidates: [transportQueries.all(projectId)], errorShownInline: true },
    onSuccess: () => {
      toast(`Transport “${transport.name}” deleted.`);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      error={remove.error}
      open
      onClose={onClose}
      onConfirm={() => remove.mutate()}
      busy={remove.isPending}
      title={`Delete “${transport.name}”?`}
      confirmLabel="Delete transport"
    >
      <p>
        Its credentials are deleted with it. Mail of its streams goes out through the project's other transports, or
        through the server's own when none is left. The email log keeps its name on past attempts.
      </p>
    </ConfirmDialog>
  );
}
