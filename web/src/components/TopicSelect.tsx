/**
 * Picks the topic an email goes to (a campaign, a workflow's SEND_EMAIL step), or none: then it goes
 * to everyone subscribed. A topic that is no longer listed (deleted meanwhile) stays shown as chosen
 * so a save does not change it silently.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useProject } from '../lib/project-context.tsx';
import { topicQueries } from '../queries/topics.ts';
import { Select } from './Field.tsx';
import { TextLink } from './Links.tsx';

export function TopicSelect({
  value,
  onChange,
  error,
  hint,
}: {
  /** The topic's id; '' for none. */
  value: string;
  onChange: (topicId: string) => void;
  error?: string;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  const project = useProject();
  const topics = useQuery(topicQueries.list(project));
  const list = topics.data ?? [];
  const known = list.some((t) => t.id === value);
  const noTopics = topics.isSuccess && list.length === 0;
  return (
    <Select
      label={t('Topic')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error ?? (topics.isError ? t('The topics could not be loaded.') : undefined)}
      hint={
        noTopics ? (
          <Trans
            i18nKey="No topics yet. <topics>Add topics</topics> to let contacts choose what they get."
            components={{ topics: <TextLink to={project.to('topics')} /> }}
          />
        ) : (
          (hint ?? t('Only contacts subscribed to the topic get it; its unsubscribe link leaves that topic only.'))
        )
      }
    >
      <option value="">{t('Everyone subscribed (no topic)')}</option>
      {!known && value && (
        <option value={value}>{topics.isPending ? t('Loading topics…') : t('A deleted topic')}</option>
      )}
      {list.map((topic) => (
        <option key={topic.id} value={topic.id}>
          {t('{name} ({count, plural, one {# subscriber} other {# subscribers}})', {
            name: topic.name,
            count: topic.subscriberCount,
          })}
        </option>
      ))}
    </Select>
  );
}
