/** The header actions of a segment: count again, recompute tracked membership, delete (confirmed). */
import { RefreshCw, Trash2, Zap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActionButton } from '../../components/ActionButton.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { leaveUnasked } from '../../components/LeaveGuard.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Segment, segmentMutations } from '../../queries/segments.ts';
import { useAction } from '../../queries/use-action.ts';

export function SegmentActions({ segment }: { segment: Segment }) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const refresh = useAction(segmentMutations.refresh(scope, segment.id), {
    onSuccess: (next) =>
      toast(t('Counted again: {count, plural, one {# member} other {# members}}', { count: next.memberCount })),
  });
  const compute = useAction(segmentMutations.compute(scope, segment.id), {
    onSuccess: (r) =>
      toast(
        t('Membership recomputed: {entered} joined, {exited} left', {
          entered: formatNumber(r.entered),
          exited: formatNumber(r.exited),
        }),
      ),
  });
  const remove = useAction(segmentMutations.remove(scope, segment.id), {
    inline: true,
    onSuccess: () => {
      toast(t('Segment “{name}” deleted', { name: segment.name }));
      // The segment is gone: a change left in its settings has nothing to be saved to.
      leaveUnasked();
      navigate(scope.to('segments'));
    },
  });
  return (
    <>
      <ActionButton action={refresh} icon={RefreshCw}>
        {t('Refresh count')}
      </ActionButton>
      {segment.trackMembership && (
        <ActionButton
          action={compute}
          icon={Zap}
          title={t('Recompute who is in the segment now and record entry and exit events')}
        >
          {t('Recompute membership')}
        </ActionButton>
      )}
      <Button variant="ghost" icon={<Trash2 className="size-4" aria-hidden />} onClick={() => setConfirm(true)}>
        {t('Delete')}
      </Button>
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        action={remove}
        title={t('Delete “{name}”?', { name: segment.name })}
        confirmLabel={t('Delete segment')}
      >
        <p>
          {t('Its contacts stay in the project. Campaigns and workflows that use the segment will no longer find it.')}
        </p>
      </ConfirmDialog>
    </>
  );
}
