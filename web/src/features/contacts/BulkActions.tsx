/**
 * Acting on the selected contacts: subscribe, unsubscribe or delete (confirmed) them as one bulk job,
 * whose progress BulkJobStatus follows.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { msg } from '../../i18n/msg.ts';
import { formatNumber } from '../../lib/format.ts';
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
  const { t } = useTranslation();
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
          aria-label={t('Bulk actions')}
          className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2"
        >
          <span className="mr-auto text-sm font-medium text-brand-700">
            {count > BULK_MAX
              ? t('{count, plural, one {# contact} other {# contacts}} selected (the first {max} are acted on)', {
                  count,
                  max: formatNumber(BULK_MAX),
                })
              : t('{count, plural, one {# contact} other {# contacts}} selected', { count })}
          </span>
          <Button size="sm" variant="secondary" onClick={() => run('subscribe')} loading={busy === 'subscribe'}>
            {t(msg('Subscribe', 'contacts'))}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => run('unsubscribe')} loading={busy === 'unsubscribe'}>
            {t('Unsubscribe')}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirmDelete(true)}>
            {t('Delete')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClear}>
            {t('Clear selection')}
          </Button>
        </section>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => run('delete')}
        busy={busy === 'delete'}
        title={t('Delete {count, plural, one {# contact} other {# contacts}}?', { count })}
        confirmLabel={t('Delete contacts')}
      >
        {t(
          'Their fields, events and history go with them. This cannot be undone; a contact can come back only by being added again.',
        )}
      </ConfirmDialog>
    </>
  );
}
