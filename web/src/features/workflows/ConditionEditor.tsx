/** A CONDITION step's condition, edited in the one filter builder with the workflow's field catalogue. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { apiProblems } from '../../filters/convert.ts';
import { FilterBuilder } from '../../filters/FilterBuilder.tsx';
import { workflowFieldOptions } from '../../filters/fields.ts';
import { useProject } from '../../lib/project-context.tsx';
import { segmentQueries } from '../../queries/segments.ts';
import { topicQueries } from '../../queries/topics.ts';
import { workflowQueries } from '../../queries/workflows.ts';
import { type ConditionDraft, conditionBody } from './condition.ts';

export function ConditionEditor({
  draft,
  onChange,
  error,
}: {
  draft: ConditionDraft;
  onChange: (next: ConditionDraft) => void;
  /** The failed save: its errors land on the condition or group they name. */
  error: unknown;
}) {
  const { t } = useTranslation();
  const scope = useProject();
  const fields = useQuery(workflowQueries.fields(scope));
  const hasSegments = fields.data?.fields.some((f) => f.source === 'segment') ?? false;
  const segments = useQuery({ ...segmentQueries.list(scope), enabled: hasSegments });
  const hasTopics = fields.data?.fields.some((f) => f.source === 'topic') ?? false;
  const topics = useQuery({ ...topicQueries.list(scope), enabled: hasTopics });
  const options = useMemo(
    () =>
      workflowFieldOptions(
        fields.data?.fields ?? [],
        new Map((segments.data ?? []).map((s) => [s.id, s.name])),
        new Map((topics.data ?? []).map((t) => [t.id, t.name])),
      ),
    [fields.data, segments.data, topics.data],
  );
  const problems = useMemo(() => apiProblems(error, conditionBody(draft, options).paths), [error, draft, options]);
  if (fields.isError) return <ErrorState error={fields.error} retry={() => fields.refetch()} />;
  if (fields.isPending) {
    return (
      <div className="space-y-2" role="status" aria-label={t('Loading fields')}>
        <Skeleton className="h-5 w-56" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  return (
    <FilterBuilder
      label={t('Condition')}
      value={draft}
      onChange={onChange}
      options={options}
      problems={problems}
      customFieldHint={t('{data}, {event} (the trigger event’s data) or {workflow} (the execution’s context).', {
        data: 'data.<key>',
        event: 'event.<key>',
        workflow: 'workflow.<key>',
      })}
      emptyText={t('No conditions yet: add one.')}
    />
  );
}
