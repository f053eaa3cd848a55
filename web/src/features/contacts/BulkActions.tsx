/**
 * Acting on the selected contacts: subscribe, unsubscribe or delete (confirmed) them as one bulk job,
 * whose progress BulkJobStatus follows.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { formatNumber, plural } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';

type BulkAction = 'subscribe' | 'unsubscribe' | 'delete';

/** The API takes at most this many ids per bulk call. */
const BULK_MAX = 1000;

const PATHS = {
  subscribe: '/contacts/bulk-subscribe',
  unsubscribe: '/contacts/bulk-unsubscribe',
  delete: '/contacts/bulk-delete',
} as const;

/** The bar of actions on the selection (shown while contacts are selected) and its delete confirmation. */
export function BulkActions({
  selected,
  onClear,
  onStarted,
}: {
  selected: ReadonlySet<string>;
  onClear: () => void;
  /** A job was started: its id, and what it does. */
  onStarted: (jobId: string, action: BulkAction) => void;
}) {
  const { api } = useProject();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Nothing to invalidate yet: the job runs on; BulkJobStatus refreshes the lists when it ends.
  const bulk = useMutation({
    mutationFn: (action: BulkAction) =>
      api.post(PATHS[action], { body: { contactIds: [...selected].slice(0, BULK_MAX) } }),
    onSuccess: (job, action) => {
      setConfirmDelete(false);
      onStarted(job.jobId, action);
    },
  });
  const count = selected.size;
  const busy = bulk.isPending ? bulk.variables : undefined;
  return (
    <>
      {count > 0 && (
        <section
          aria-label="Bulk actions"
          className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2"
        >
          <span className="mr-auto text-sm font-medium text-brand-700">
            {plural(count, 'contact')} selected
            {count > BULK_MAX && ` (the first ${formatNumber(BULK_MAX)} are acted on)`}
          </span>
          <Button size="sm" variant="secondary" onClick={() => bulk.mutate('subscribe')} loading={busy === 'subscribe'}>
            Subscribe
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => bulk.mutate('unsubscribe')}
            loading={busy === 'unsubscribe'}
          >
            Unsubscribe
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear selection
          </Button>
        </section>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => bulk.mutate('delete')}
        busy={busy === 'delete'}
        title={`Delete ${plural(count, 'contact')}?`}
        confirmLabel="Delete contacts"
      >
        Their fields, events and history go with them. This cannot be undone; a contact can come back only by being
        added again.
      </ConfirmDialog>
    </>
  );
}
