/**
 * The Overview's reads are other resources' (the setup checklist, the analytics series, a contacts
 * page, the domains), so that one change refreshes them wherever they show. This module names the
 * Overview's own choice among them, and its one write: the test email.
 */
import { mutationOptions } from '@tanstack/react-query';
import type { Operation, RequestBody } from '../../../client/index.ts';
import { viewerTimeZone } from '../lib/chart-data.ts';
import { affects } from './affects.ts';
import { analyticsQueries } from './analytics.ts';
import { analyticsKeys, emailKeys, type ProjectScope } from './keys.ts';

export type SendBody = RequestBody<Operation<'/v1/send', 'post'>>;

/** How long after a send its delivery, which runs in the background, has usually been handed over. */
const DELIVERY_SETTLES_MS = 3000;

export const overviewQueries = {
  /**
   * Emails per day over the last 30 days (the API's default range) in the viewer's zone: the same
   * query, and cache entry, as the Analytics screen's default view.
   */
  last30Days: (scope: ProjectScope) =>
    analyticsQueries.timeseries(scope, { interval: 'day', timezone: viewerTimeZone() }),
};

export const overviewMutations = {
  /**
   * Sends a test email through the send API: it shows in the email log, the outbox and the feed at
   * once. The figures count it once its delivery, which runs in the background, has been handed
   * over, so they are asked again a little later.
   */
  sendTest: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: emailKeys.mutation(projectId, 'send-test'),
      mutationFn: (body: SendBody) => api.post('/v1/send', { body }),
      meta: { invalidates: affects.sends(projectId) },
      onSuccess: (_d, _v, _m, { client }) => {
        setTimeout(() => client.invalidateQueries({ queryKey: analyticsKeys.all(projectId) }), DELIVERY_SETTLES_MS);
      },
    }),
};
