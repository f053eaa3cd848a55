/**
 * Kept for the screens outside Domains that still import it (Overview, the campaign editor); they
 * move to `domainQueries.list` from queries/domains.ts, after which this file goes.
 */
import { useQuery } from '@tanstack/react-query';
import { useProject } from '../../app/project-context.tsx';
import { domainQueries } from '../../queries/domains.ts';

export type { Domain, DomainRecord } from '../../queries/domains.ts';

export function useDomains() {
  return useQuery(domainQueries.list(useProject()));
}
