/**
 * Acting on the selected contacts: subscribe, unsubscribe or delete (confirmed) them as one bulk job,
 * whose progress BulkJobStatus follows.
 */
import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { formatNumber, plural } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { BULK_MAX, type BulkAction, bulkMutations } from '../../queries/bulk.ts';
import { useAction } from '../../queries/use-action.ts';

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
  const [confirmDelete, setConfirmDelete] = useState(false);
  // The job runs on after this answers; BulkJobStatus refreshes what it changed when it ends.
  const bulk = useAction(bulkMutations.start(useProject()), {
    onSuccess: (job, { action }) => {
      setConfirmDelete(false);
      onStarted(job.jobId, action);
    },
  });
  const run = (action: BulkAction) => bulk.mutate({ action, contactIds: [...selected] });
  const count = selected.size;
  const busy = bulk.isPending ? bulk.variables.action : undefined;
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
          <Button size="sm" variant="secondary" onClick={() => run('subscribe')} loading={busy === 'subscribe'}>
            Subscribe
          </Button>
          <Button size="sm" variant="secondary" onClick={() => run('unsubscribe')} loading={busy === 'unsubscribe'}>
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
        onConfirm={() => run('delete')}
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
