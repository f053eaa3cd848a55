/** Creating a segment; it opens on its own screen afterwards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { newGroup } from '../../filters/tree.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { fieldQueries } from '../../queries/contacts.ts';
import { segmentQueries } from '../../queries/segments.ts';
import { SegmentForm, type SegmentFormValues, type SegmentSubmit } from './SegmentForm.tsx';

export function NewSegmentPage() {
  const scope = useProject();
  const { api, projectId, to } = scope;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initial = useMemo<SegmentFormValues>(
    () => ({ name: '', description: '', type: 'DYNAMIC', trackMembership: false, filter: newGroup('AND') }),
    [],
  );
  const create = useMutation({
    mutationFn: ({ filters, ...v }: SegmentSubmit) =>
      api.post('/segments', { body: { ...v, ...(v.type === 'DYNAMIC' ? { filters } : {}) } }),
    // Fields list the segments whose filters use them.
    meta: { invalidates: [segmentQueries.all(projectId), fieldQueries.all(projectId)], errorShownInline: true },
    onSuccess: (segment) => {
      queryClient.setQueryData(segmentQueries.one(scope, segment.id).queryKey, segment);
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
