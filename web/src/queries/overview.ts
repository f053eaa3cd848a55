/**
 * The Overview's reads are other resources' (the setup checklist, the analytics series, a contacts
 * page, the domains), so that one change refreshes them wherever they show. This module names the
 * Overview's own choice among them and what a test send from it changes.
 */
import { viewerTimeZone } from '../lib/chart-data.ts';
import { analyticsQueries } from './analytics.ts';
import { type ProjectScope, resourceKey } from './keys.ts';

export const overviewQueries = {
  all: (projectId: string) => resourceKey(projectId, 'overview'),
  /**
   * Emails per day over the last 30 days (the API's default range) in the viewer's zone: the same
   * query, and cache entry, as the Analytics screen's default view.
   */
  last30Days: (scope: ProjectScope) =>
    analyticsQueries.timeseries(scope, { interval: 'day', timezone: viewerTimeZone() }),
};

/** What an email sent from the dashboard changes: the figures, the feed, the checklist, the outbox. */
export const sendEffects = (projectId: string) => [
  analyticsQueries.all(projectId),
  resourceKey(projectId, 'activity'),
  resourceKey(projectId, 'overview'),
  resourceKey(projectId, 'setup'),
  resourceKey(projectId, 'outbox'),
];
