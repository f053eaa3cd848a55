/** A segment's settings tab: the form filled with what is saved; saving returns to the members. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fromApi } from '../../filters/convert.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { fieldQueries } from '../../queries/contacts.ts';
import { type Segment, segmentQueries } from '../../queries/segments.ts';
import { SegmentForm, type SegmentSubmit } from './SegmentForm.tsx';

export function SegmentSettings({ segment, onDone }: { segment: Segment; onDone: () => void }) {
  const scope = useProject();
  const queryClient = useQueryClient();
  const initial = useMemo(
    () => ({
      name: segment.name,
      description: segment.description ?? '',
      type: segment.type,
      trackMembership: segment.trackMembership,
      filter: fromApi(segment.filters ?? segment.condition),
    }),
    [segment],
  );
  const save = useMutation({
    mutationFn: ({ name, description, trackMembership, filters }: SegmentSubmit) =>
      scope.api.patch('/segments/{id}', {
        path: { id: segment.id },
        body: { name, description, trackMembership, ...(segment.type === 'DYNAMIC' ? { filters } : {}) },
      }),
    // Fields list the segments whose filters use them.
    meta: {
      invalidates: [segmentQueries.all(scope.projectId), fieldQueries.all(scope.projectId)],
      errorShownInline: true,
    },
    onSuccess: (next) => {
      queryClient.setQueryData(segmentQueries.one(scope, segment.id).queryKey, next);
      toast('Segment saved');
      onDone();
    },
  });
  return (
    <SegmentForm
      key={segment.updatedAt}
      initial={initial}
      segmentId={segment.id}
      onSubmit={(v) => save.mutate(v)}
      submitLabel="Save changes"
      pending={save.isPending}
      error={save.error}
      onCancel={onDone}
    />
  );
}
