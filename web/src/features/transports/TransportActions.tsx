/**
 * What can be done to one transport from its row: switch it on or off (beside its status), test its
 * connection (which connects and authenticates without sending), edit it, delete it. The dialogs are
 * the page's, so they never sit inside the table's cells; the delete asks first (DeleteTransportDialog).
 */
import { Pencil, PlugZap, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Switch } from '../../components/Switch.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Transport, type TransportTest, transportMutations } from '../../queries/transports.ts';
import { useAction } from '../../queries/use-action.ts';

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
  const { t } = useTranslation();
  const test = useAction(transportMutations.test(useProject(), transport.id), { onSuccess: onTested });
  const actions: Array<{
    key: string;
    label: string;
    name: string;
    icon: ReactNode;
    onClick: () => void;
    busy?: boolean;
  }> = [
    {
      key: 'test',
      label: t('Test connection'),
      name: t('Test connection of {name}', { name: transport.name }),
      icon: <PlugZap className="size-3.5" aria-hidden />,
      onClick: () => test.mutate(),
      busy: test.isPending,
    },
    {
      key: 'edit',
      label: t('Edit'),
      name: t('Edit {name}', { name: transport.name }),
      icon: <Pencil className="size-3.5" aria-hidden />,
      onClick: onEdit,
    },
    {
      key: 'delete',
      label: t('Delete'),
      name: t('Delete {name}', { name: transport.name }),
      icon: <Trash2 className="size-3.5" aria-hidden />,
      onClick: onDelete,
    },
  ];
  return (
    <span className="inline-flex items-center gap-1">
      {actions.map((a) => (
        <Button
          key={a.key}
          size="sm"
          variant="ghost"
          aria-label={a.name}
          icon={a.icon}
          loading={a.busy}
          onClick={a.onClick}
        >
          {a.label}
        </Button>
      ))}
    </span>
  );
}

/** Switches the transport on or off at once; its name is the switch's label. */
export function EnabledSwitch({ transport }: { transport: Transport }) {
  const { t } = useTranslation();
  const toggle = useAction(transportMutations.save(useProject(), transport.id), {
    onSuccess: (saved) =>
      toast(
        saved.enabled
          ? t('{name} enabled.', { name: saved.name })
          : t('{name} disabled: no mail goes out through it.', { name: saved.name }),
      ),
  });
  return (
    <Switch
      label={t('{name} enabled', { name: transport.name })}
      checked={transport.enabled}
      busy={toggle.isPending}
      onChange={(enabled) => toggle.mutate({ enabled })}
    />
  );
}

/** Asks before deleting; a refusal from the API shows in the dialog. */
export function DeleteTransportDialog({ transport, onClose }: { transport: Transport; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useAction(transportMutations.remove(useProject(), transport.id), {
    inline: true,
    onSuccess: () => {
      toast(t('Transport “{name}” deleted.', { name: transport.name }));
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      action={remove}
      title={t('Delete “{name}”?', { name: transport.name })}
      confirmLabel={t('Delete transport')}
    >
      <p>
        {t(
          "Its credentials are deleted with it. Mail of its streams goes out through the project's other transports, or through the server's own when none is left. The email log keeps its name on past attempts.",
        )}
      </p>
    </ConfirmDialog>
  );
}
