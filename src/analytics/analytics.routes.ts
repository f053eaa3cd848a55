/** /analytics: time series, campaign rankings and breakdowns, top events (secret key or session). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { routeSchema } from '../http/routes.ts';
import {
  CampaignStatsPage,
  CampaignStatsQuery,
  Timeseries,
  TimeseriesQuery,
  TopCampaigns,
  TopCampaignsQuery,
  TopEvents,
  TopEventsQuery,
} from './analytics.schemas.ts';
import { getTimeseries, getTopCampaigns, getTopEvents, listCampaignStats } from './analytics.service.ts';

export const analyticsRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('analytics');

  app.get(
    '/analytics/timeseries',
    schema({ querystring: TimeseriesQuery, response: { 200: Timeseries } }),
    async (req) => getTimeseries(deps, req.auth!.projectId, req.query),
  );
  app.get(
    '/analytics/top-campaigns',
    schema({ querystring: TopCampaignsQuery, response: { 200: TopCampaigns } }),
    async (req) => getTopCampaigns(deps, req.auth!.projectId, req.query),
  );
  app.get(
    '/analytics/campaign-stats',
    schema({ querystring: CampaignStatsQuery, response: { 200: CampaignStatsPage } }),
    async (req) => listCampaignStats(deps, req.auth!.projectId, req.query),
  );
  app.get('/analytics/top-events', schema({ querystring: TopEventsQuery, response: { 200: TopEvents } }), async (req) =>
    getTopEvents(deps, req.auth!.projectId, req.query),
  );
};
