/** /campaigns: CRUD, an audience preview, duplicate, send, cancel, test, stats and their time series. Rules live in the services. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { cancelCampaign, previewAudience, sendCampaign, sendTestCampaign } from './campaign-send.service.ts';
import { getCampaignStats, getCampaignTimeseries } from './campaign-stats.service.ts';
import {
  AudiencePreview,
  AudiencePreviewBody,
  CampaignBody,
  CampaignCreated,
  CampaignIdParams,
  CampaignPage,
  CampaignStats,
  CampaignTimeseries,
  CampaignTimeseriesQuery,
  CampaignView,
  ListCampaignsQuery,
  SendCampaignBody,
  TestCampaignBody,
} from './campaigns.schemas.ts';
import {
  createCampaign,
  deleteCampaign,
  duplicateCampaign,
  getCampaign,
  getCampaignRow,
  listCampaigns,
  replaceCampaign,
  toCampaignView,
} from './campaigns.service.ts';

const TestSent = Type.Object({ emailId: Type.String(), to: Type.String() });

/** Registers every /campaigns route behind the project auth hook (secret key or session). */
export const campaignRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const tags = ['campaigns'];
  const security = [{ apiKey: [] }];
  const params = CampaignIdParams;
  const view = { 200: CampaignView };
  // Another project's (or no) campaign is a 404 before its body is looked at: a body that would fail
  // validation must not tell a caller anything about an id it cannot see.
  const known = async (req: FastifyRequest) => {
    await getCampaignRow(deps, req.auth!.projectId, (req.params as { id: string }).id);
  };

  app.get(
    '/campaigns',
    { schema: { tags, security, querystring: ListCampaignsQuery, response: { 200: CampaignPage } } },
    async (req) => listCampaigns(deps, req.auth!.projectId, req.query),
  );

  // The contract's one wrapped dashboard answer.
  app.post(
    '/campaigns',
    { schema: { tags, security, body: CampaignBody, response: { 201: CampaignCreated } } },
    async (req, reply) => reply.code(201).send(await createCampaign(deps, req.auth!.projectId, req.body)),
  );

  // A dry run of an audience for the editor's live count: nothing is written.
  app.post(
    '/campaigns/audience',
    { schema: { tags, security, body: AudiencePreviewBody, response: { 200: AudiencePreview } } },
    async (req) => previewAudience(deps, req.auth!.projectId, req.body),
  );

  app.get('/campaigns/:id', { schema: { tags, security, params, response: view } }, async (req) =>
    getCampaign(deps, req.auth!.projectId, req.params.id),
  );

  app.put(
    '/campaigns/:id',
    { preValidation: known, schema: { tags, security, params, body: CampaignBody, response: view } },
    async (req) => replaceCampaign(deps, req.auth!.projectId, req.params.id, req.body),
  );

  app.delete('/campaigns/:id', { schema: { tags, security, params } }, async (req, reply) => {
    await deleteCampaign(deps, req.auth!.projectId, req.params.id);
    return reply.code(204).send();
  });

  app.post(
    '/campaigns/:id/duplicate',
    { schema: { tags, security, params, response: { 201: CampaignView } } },
    async (req, reply) => reply.code(201).send(await duplicateCampaign(deps, req.auth!.projectId, req.params.id)),
  );

  app.post(
    '/campaigns/:id/send',
    { preValidation: known, schema: { tags, security, params, body: SendCampaignBody, response: view } },
    async (req) => toCampaignView(await sendCampaign(deps, req.auth!.projectId, req.params.id, req.body ?? {})),
  );

  app.post('/campaigns/:id/cancel', { schema: { tags, security, params, response: view } }, async (req) =>
    toCampaignView(await cancelCampaign(deps, req.auth!.projectId, req.params.id)),
  );

  app.post(
    '/campaigns/:id/test',
    { preValidation: known, schema: { tags, security, params, body: TestCampaignBody, response: { 200: TestSent } } },
    async (req) => sendTestCampaign(deps, req.auth!.projectId, req.params.id, req.body),
  );

  app.get(
    '/campaigns/:id/stats',
    { schema: { tags, security, params, response: { 200: CampaignStats } } },
    async (req) => getCampaignStats(deps, req.auth!.projectId, req.params.id),
  );

  app.get(
    '/campaigns/:id/timeseries',
    {
      schema: { tags, security, params, querystring: CampaignTimeseriesQuery, response: { 200: CampaignTimeseries } },
    },
    async (req) => getCampaignTimeseries(deps, req.auth!.projectId, req.params.id, req.query),
  );
};
