/**
 * The Overview's reads are other resources' (the setup checklist, the analytics series, a contacts
 * page, the domains), so that one change refreshes them wherever they show. This module names the
 * Overview's own choice among them. Its one write, the test email, is the email log's (emails.ts).
 */
import { viewerTimeZone } from '../lib/chart-data.ts';
import { analyticsQueries } from './analytics.ts';
import type { ProjectScope } from './keys.ts';

export const overviewQueries = {
  /**
   * Emails per day over the last 30 days (the API's default range) in the viewer's zone: the same
   * query, and cache entry, as the Analytics screen's default view.
   */
  last30Days: (scope: ProjectScope) =>
    analyticsQueries.timeseries(scope, { interval: 'day', timezone: viewerTimeZone() }),
};
