/** A segment's settings tab: the form filled with what is saved; saving returns to the members. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromApi } from '../../filters/convert.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Segment, segmentMutations } from '../../queries/segments.ts';
import { useAction } from '../../queries/use-action.ts';
import { SegmentForm } from './SegmentForm.tsx';

export function SegmentSettings({ segment, onDone }: { segment: Segment; onDone: () => void }) {
  const { t } = useTranslation();
  // Made once per saved segment: the filter's nodes get fresh ids, and the form compares its draft with these.
  const saved = useMemo(
    () => ({
      name: segment.name,
      description: segment.description ?? '',
      type: segment.type,
      trackMembership: segment.trackMembership,
      filter: fromApi(segment.filters ?? segment.condition),
    }),
    [segment],
  );
  const save = useAction(segmentMutations.update(useProject(), segment.id), {
    inline: true,
    onSuccess: () => {
      toast(t('Segment saved'));
      onDone();
    },
  });
  return (
    <SegmentForm
      saved={saved}
      segmentId={segment.id}
      save={save}
      // The kind is fixed once the segment exists.
      toBody={({ type: _kind, ...change }) => change}
      submitLabel={t('Save changes')}
      onCancel={onDone}
    />
  );
}
