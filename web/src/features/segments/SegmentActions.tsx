/** The header actions of a segment: count again, recompute tracked membership, delete (confirmed). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Trash2, Zap } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { formatNumber, plural } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { fieldQueries } from '../../queries/contacts.ts';
import { eventQueries } from '../../queries/events.ts';
import { type Segment, segmentQueries } from '../../queries/segments.ts';

export function SegmentActions({ segment }: { segment: Segment }) {
  const scope = useProject();
  const { api, projectId, to } = scope;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const path = { id: segment.id };
  const refresh = useMutation({
    mutationFn: () => api.post('/segments/{id}/refresh', { path }),
    meta: { invalidates: [segmentQueries.all(projectId)] },
    onSuccess: (next) => toast(`Counted again: ${plural(next.memberCount, 'member')}`),
  });
  const compute = useMutation({
    mutationFn: () => api.post('/segments/{id}/compute', { path }),
    // Entries and exits are recorded as events (and show in the activity feed).
    meta: { invalidates: [segmentQueries.all(projectId), ...eventQueries.affected(projectId)] },
    onSuccess: (r) => toast(`Membership recomputed: ${formatNumber(r.entered)} joined, ${formatNumber(r.exited)} left`),
  });
  const remove = useMutation({
    mutationFn: () => api.delete('/segments/{id}', { path }),
    meta: { invalidates: [segmentQueries.all(projectId), fieldQueries.all(projectId)], errorShownInline: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: segmentQueries.one(scope, segment.id).queryKey });
      toast(`Segment “${segment.name}” deleted`);
      navigate(to('segments'));
    },
  });
  return (
    <>
      <Button
        variant="secondary"
        icon={<RefreshCw className="size-4" aria-hidden />}
        loading={refresh.isPending}
        onClick={() => refresh.mutate()}
      >
        Refresh count
      </Button>
      {segment.trackMembership && (
        <Button
          variant="secondary"
          icon={<Zap className="size-4" aria-hidden />}
          loading={compute.isPending}
          onClick={() => compute.mutate()}
          title="Recompute who is in the segment now and record entry and exit events"
        >
          Recompute membership
        </Button>
      )}
      <Button
        variant="ghost"
        icon={<Trash2 className="size-4" aria-hidden />}
        onClick={() => {
          remove.reset();
          setConfirm(true);
        }}
      >
        Delete
      </Button>
      <ConfirmDialog
        error={remove.error}
        open={confirm}
        onClose={() => setConfirm(false)}
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
        title={`Delete “${segment.name}”?`}
        confirmLabel="Delete segment"
      >
        <p>Its contacts stay in the project. Campaigns and workflows that use the segment will no longer find it.</p>
      </ConfirmDialog>
    </>
  );
}
