/** Creating a segment; it opens on its own screen afterwards. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { newGroup } from '../../filters/tree.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { segmentMutations } from '../../queries/segments.ts';
import { useAction } from '../../queries/use-action.ts';
import { SegmentForm, type SegmentFormValues } from './SegmentForm.tsx';

export function NewSegmentPage() {
  const { t } = useTranslation();
  const scope = useProject();
  const { to } = scope;
  const navigate = useNavigate();
  // Made once: a new group has a fresh id, and the form compares its draft with these values.
  const blank = useMemo<SegmentFormValues>(
    () => ({ name: '', description: '', type: 'DYNAMIC', trackMembership: false, filter: newGroup('AND') }),
    [],
  );
  const create = useAction(segmentMutations.create(scope), {
    inline: true,
    onSuccess: (segment) => {
      toast(t('Segment “{name}” created', { name: segment.name }));
      navigate(to('segments', segment.id));
    },
  });
  return (
    <>
      <BackLink to={to('segments')}>{t('Segments')}</BackLink>
      <PageHeader
        title={t('New segment')}
        description={t('Choose who belongs in it; the count updates as you edit.')}
      />
      <SegmentForm
        saved={blank}
        save={create}
        toBody={(values) => values}
        submitLabel={t('Create segment')}
        onCancel={() => navigate(to('segments'))}
      />
    </>
  );
}
