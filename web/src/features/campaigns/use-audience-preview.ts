/**
 * The live audience count of a campaign being edited (the audience card, the send-now dialog):
 * asked once the audience has been still for a moment, through campaignQueries.audience.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useProject } from '../../lib/project-context.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { type AudienceBody, campaignQueries } from '../../queries/campaigns.ts';

/** `body` undefined (an incomplete filter, no segment chosen) asks nothing. */
export function useAudiencePreview(body: AudienceBody | undefined) {
  const project = useProject();
  // Debounced as text: the form builds a new object on every render.
  const key = body ? JSON.stringify(body) : undefined;
  const debounced = useDebouncedValue(key, 400);
  const settled = useMemo(() => (debounced ? (JSON.parse(debounced) as AudienceBody) : undefined), [debounced]);
  const query = useQuery({
    ...campaignQueries.audience(project, settled ?? { audienceType: 'ALL' }),
    enabled: settled !== undefined,
  });
  return { ...query, settling: debounced !== key || query.isFetching };
}
