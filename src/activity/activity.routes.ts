/** /activity: the project's feed, counts per type, recent count, types present, upcoming work (secret key or session). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { routeSchema } from '../http/routes.ts';
import {
  ActivityPage,
  ActivityStats,
  ActivityStatsQuery,
  ActivityTypes,
  ListActivityQuery,
  RecentCount,
  RecentCountQuery,
  Upcoming,
  UpcomingQuery,
} from './activity.schemas.ts';
import { getActivityStats, getActivityTypes, getRecentCount, getUpcoming, listActivity } from './activity.service.ts';

export const activityRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('activity');

  app.get('/activity', schema({ querystring: ListActivityQuery, response: { 200: ActivityPage } }), async (req) =>
    listActivity(deps, req.auth!.projectId, req.query),
  );
  app.get(
    '/activity/stats',
    schema({ querystring: ActivityStatsQuery, response: { 200: ActivityStats } }),
    async (req) => getActivityStats(deps, req.auth!.projectId, req.query),
  );
  app.get(
    '/activity/recent-count',
    schema({ querystring: RecentCountQuery, response: { 200: RecentCount } }),
    async (req) => getRecentCount(deps, req.auth!.projectId, req.query.minutes),
  );
  app.get('/activity/types', schema({ response: { 200: ActivityTypes } }), async (req) =>
    getActivityTypes(deps, req.auth!.projectId),
  );
  app.get('/activity/upcoming', schema({ querystring: UpcomingQuery, response: { 200: Upcoming } }), async (req) =>
    getUpcoming(deps, req.auth!.projectId, req.query.limit),
  );
};
