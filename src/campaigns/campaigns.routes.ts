/** /campaigns: CRUD, the archive flag, an audience preview, duplicate, send, cancel, test, stats and their time series. Rules live in the services. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { created, idFirst, noContent, routeSchema } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import { chooseWinner } from './ab/ab-send.service.ts';
import { patchCampaign } from './campaign-archive.service.ts';
import { cancelCampaign, previewAudience, sendCampaign, sendTestCampaign } from './campaign-send.service.ts';
import { getCampaignStats, getCampaignTimeseries } from './campaign-stats.service.ts';
import {
  AudiencePreview,
  AudiencePreviewBody,
  CampaignBody,
  CampaignCreated,
  CampaignPage,
  CampaignPatchBody,
  CampaignStats,
  CampaignTimeseries,
  CampaignTimeseriesQuery,
  CampaignView,
  ListCampaignsQuery,
  SendCampaignBody,
  SendPlan,
  SendPlanBody,
  TestCampaignBody,
  WinnerBody,
} from './campaigns.schemas.ts';
import {
  campaignView,
  createCampaign,
  deleteCampaign,
  duplicateCampaign,
  getCampaign,
  getCampaignRow,
  listCampaigns,
  replaceCampaign,
} from './campaigns.service.ts';
import { planLocalSend } from './local-send.service.ts';

const TestSent = Type.Object({ emailId: Type.String(), to: Type.String() });

/** Registers every /campaigns route behind the project auth hook (secret key or session). */
export const campaignRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('campaigns');
  const params = IdParams;
  const view = { 200: CampaignView };
  const preValidation = idFirst((projectId, id) => getCampaignRow(deps, projectId, id));

  app.get('/campaigns', schema({ querystring: ListCampaignsQuery, response: { 200: CampaignPage } }), async (req) =>
    listCampaigns(deps, req.auth!.projectId, req.query),
  );
  // The contract's one wrapped dashboard answer.
  app.post(
    '/campaigns',
    schema({ body: CampaignBody, response: { 201: CampaignCreated } }),
    created((req) => createCampaign(deps, req.auth!.projectId, req.body)),
  );
  // A dry run of an audience for the editor's live count: nothing is written.
  app.post(
    '/campaigns/audience',
    schema({ body: AudiencePreviewBody, response: { 200: AudiencePreview } }),
    async (req) => previewAudience(deps, req.auth!.projectId, req.body),
  );
  app.get('/campaigns/:id', schema({ params, response: view }), async (req) =>
    getCampaign(deps, req.auth!.projectId, req.params.id),
  );
  app.put('/campaigns/:id', schema({ params, body: CampaignBody, response: view }, { preValidation }), async (req) =>
    replaceCampaign(deps, req.auth!.projectId, req.params.id, req.body),
  );
  // Unlike PUT (a DRAFT's content), what PATCH changes may change in any state: a sent campaign joins the archive.
  app.patch(
    '/campaigns/:id',
    schema({ params, body: CampaignPatchBody, response: view }, { preValidation }),
    async (req) => patchCampaign(deps, req.auth!.projectId, req.params.id, req.body),
  );
  app.delete(
    '/campaigns/:id',
    schema({ params }),
    noContent((req) => deleteCampaign(deps, req.auth!.projectId, req.params.id)),
  );
  app.post(
    '/campaigns/:id/duplicate',
    schema({ params, response: { 201: CampaignView } }),
    created((req) => duplicateCampaign(deps, req.auth!.projectId, req.params.id)),
  );
  app.post(
    '/campaigns/:id/send',
    schema({ params, body: SendCampaignBody, response: view }, { preValidation }),
    async (req) => campaignView(deps, await sendCampaign(deps, req.auth!.projectId, req.params.id, req.body ?? {})),
  );
  app.post('/campaigns/:id/cancel', schema({ params, response: view }), async (req) =>
    campaignView(deps, await cancelCampaign(deps, req.auth!.projectId, req.params.id)),
  );
  app.post(
    '/campaigns/:id/test',
    schema({ params, body: TestCampaignBody, response: { 200: TestSent } }, { preValidation }),
    async (req) => sendTestCampaign(deps, req.auth!.projectId, req.params.id, req.body),
  );
  // A dry run of a local-time send: recipients by zone and when they would go.
  app.post(
    '/campaigns/:id/send-plan',
    schema({ params, body: SendPlanBody, response: { 200: SendPlan } }, { preValidation }),
    async (req) => planLocalSend(deps, req.auth!.projectId, req.params.id, req.body),
  );
  app.post(
    '/campaigns/:id/winner',
    schema({ params, body: WinnerBody, response: view }, { preValidation }),
    async (req) => chooseWinner(deps, req.auth!.projectId, req.params.id, req.body),
  );
  app.get('/campaigns/:id/stats', schema({ params, response: { 200: CampaignStats } }), async (req) =>
    getCampaignStats(deps, req.auth!.projectId, req.params.id),
  );
  app.get(
    '/campaigns/:id/timeseries',
    schema({ params, querystring: CampaignTimeseriesQuery, response: { 200: CampaignTimeseries } }),
    async (req) => getCampaignTimeseries(deps, req.auth!.projectId, req.params.id, req.query),
  );
};
