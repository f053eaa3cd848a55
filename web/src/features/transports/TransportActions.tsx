/**
 * What can be done to one transport from its row: switch it on or off, test its connection, edit
 * it, delete it (after a confirmation). The test connects and authenticates without sending.
 */
import { useMutation } from '@tanstack/react-query';
import { Pencil, PlugZap, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { FormError } from '../../components/States.tsx';
import { Switch } from '../../components/Switch.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Transport, type TransportTest, transportApi, transportQueries } from '../../queries/transports.ts';
import { TestResultDialog } from './TestResultDialog.tsx';
import { TransportDialog } from './TransportDialog.tsx';

type Open = 'edit' | 'delete' | null;

export function TransportActions({ transport }: { transport: Transport }) {
  const { api, projectId } = useProject();
  const [open, setOpen] = useState<Open>(null);
  const [tested, setTested] = useState<TransportTest | null>(null);
  const all = transportQueries.all(projectId);

  const toggle = useMutation({
    mutationFn: (enabled: boolean) => transportApi.update(api, transport.id, { enabled }),
    meta: { invalidates: [all] },
    onSuccess: (saved) =>
      toast(saved.enabled ? `${saved.name} enabled.` : `${saved.name} disabled: no mail goes out through it.`),
  });
  const test = useMutation({
    mutationFn: () => transportApi.test(api, transport.id),
    // A test may clear or add to the failure count the list shows.
    meta: { invalidates: [all] },
    onSuccess: (result) => setTested(result),
  });
  const remove = useMutation({
    mutationFn: () => transportApi.remove(api, transport.id),
    meta: { invalidates: [all], errorShownInline: true },
    onSuccess: () => {
      setOpen(null);
      toast(`Transport “${transport.name}” deleted.`);
    },
  });

  return (
    <span className="inline-flex items-center gap-1">
      <Switch
        label={`${transport.name} enabled`}
        checked={transport.enabled}
        busy={toggle.isPending}
        onChange={(next) => toggle.mutate(next)}
        className="mr-1"
      />
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
        onClick={() => setOpen('edit')}
      >
        Edit
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Delete ${transport.name}`}
        icon={<Trash2 className="size-3.5" aria-hidden />}
        onClick={() => setOpen('delete')}
      >
        Delete
      </Button>

      {open === 'edit' && <TransportDialog transport={transport} onClose={() => setOpen(null)} />}
      <ConfirmDialog
        open={open === 'delete'}
        onClose={() => {
          setOpen(null);
          remove.reset();
        }}
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
        title={`Delete “${transport.name}”?`}
        confirmLabel="Delete transport"
      >
        <p>
          Its credentials are deleted with it. Mail of its streams goes out through the project's other transports, or
          through the server's own when none is left. The email log keeps its name on past attempts.
        </p>
        {remove.error ? (
          <div className="mt-3">
            <FormError error={remove.error} />
          </div>
        ) : null}
      </ConfirmDialog>
      <TestResultDialog name={transport.name} result={tested} onClose={() => setTested(null)} />
    </span>
  );
}
