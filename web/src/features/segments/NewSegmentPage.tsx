/** Creating a segment; it opens on its own screen afterwards. */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useProject } from '../../app/project-context.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { useToast } from '../../components/Toast.tsx';
import { newGroup } from './filter-model.ts';
import { segmentKey, segmentsKey } from './queries.ts';
import { SegmentForm, type SegmentFormValues, type SegmentSubmit } from './SegmentForm.tsx';

export function NewSegmentPage() {
  const { api, projectId, to } = useProject();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const initial = useMemo<SegmentFormValues>(
    () => ({ name: '', description: '', type: 'DYNAMIC', trackMembership: false, filter: newGroup('AND') }),
    [],
  );
  const create = useMutation({
    mutationFn: (v: SegmentSubmit) =>
      api.post('/segments', {
        body: {
          name: v.name,
          description: v.description,
          type: v.type,
          trackMembership: v.trackMembership,
          ...(v.type === 'DYNAMIC' ? { filters: v.filters } : {}),
        },
      }),
    onSuccess: (segment) => {
      queryClient.setQueryData(segmentKey(projectId, segment.id), segment);
      void queryClient.invalidateQueries({ queryKey: segmentsKey(projectId), exact: true });
      toast(`Segment “${segment.name}” created`);
      navigate(to('segments', segment.id));
    },
  });
  return (
    <>
      <BackLink to={to('segments')}>Segments</BackLink>
      <PageHeader title="New segment" description="Choose who belongs in it; the count updates as you edit." />
      <SegmentForm
        initial={initial}
        onSubmit={(v) => create.mutate(v)}
        submitLabel="Create segment"
        pending={create.isPending}
        error={create.error}
        onCancel={() => navigate(to('segments'))}
      />
    </>
  );
}
