/** /segments: CRUD, a filter preview, the contacts page, static members, compute and refresh. Rules live in the services. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { created, idFirst, noContent, routeSchema } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import {
  AddMembersBody,
  AddMembersResult,
  ComputeResult,
  CreateSegmentBody,
  PreviewSegmentBody,
  RemoveMembersBody,
  RemoveMembersResult,
  SegmentContactsPage,
  SegmentContactsQuery,
  SegmentList,
  SegmentPreview,
  SegmentView,
  UpdateSegmentBody,
} from './segments.schemas.ts';
import {
  computeSegment,
  createSegment,
  deleteSegment,
  getSegment,
  getSegmentRow,
  listSegmentContacts,
  listSegments,
  previewSegment,
  refreshSegment,
  updateSegment,
} from './segments.service.ts';
import { addMembers, removeMembers } from './static-members.ts';

/** Registers every /segments route behind the project auth hook (secret key or session). */
export const segmentRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('segments');
  const params = IdParams;
  const preValidation = idFirst((projectId, id) => getSegmentRow(deps, projectId, id));

  app.get('/segments', schema({ response: { 200: SegmentList } }), async (req) =>
    listSegments(deps, req.auth!.projectId),
  );
  app.post(
    '/segments',
    schema({ body: CreateSegmentBody, response: { 201: SegmentView } }),
    created((req) => createSegment(deps, req.auth!.projectId, req.body)),
  );
  // A dry run of a filter for editors' live counts: nothing is written.
  app.post('/segments/preview', schema({ body: PreviewSegmentBody, response: { 200: SegmentPreview } }), async (req) =>
    previewSegment(deps, req.auth!.projectId, req.body),
  );
  app.get('/segments/:id', schema({ params, response: { 200: SegmentView } }), async (req) =>
    getSegment(deps, req.auth!.projectId, req.params.id),
  );
  app.patch('/segments/:id', schema({ params, body: UpdateSegmentBody, response: { 200: SegmentView } }), async (req) =>
    updateSegment(deps, req.auth!.projectId, req.params.id, req.body),
  );
  app.delete(
    '/segments/:id',
    schema({ params }),
    noContent((req) => deleteSegment(deps, req.auth!.projectId, req.params.id)),
  );
  app.get(
    '/segments/:id/contacts',
    schema({ params, querystring: SegmentContactsQuery, response: { 200: SegmentContactsPage } }),
    async (req) => listSegmentContacts(deps, req.auth!.projectId, req.params.id, req.query),
  );
  app.post(
    '/segments/:id/members',
    schema({ params, body: AddMembersBody, response: { 200: AddMembersResult } }, { preValidation }),
    async (req) => addMembers(deps, req.auth!.projectId, req.params.id, req.body),
  );
  app.delete(
    '/segments/:id/members',
    schema({ params, body: RemoveMembersBody, response: { 200: RemoveMembersResult } }, { preValidation }),
    async (req) => removeMembers(deps, req.auth!.projectId, req.params.id, req.body.emails),
  );
  app.post('/segments/:id/compute', schema({ params, response: { 200: ComputeResult } }), async (req) =>
    computeSegment(deps, req.auth!.projectId, req.params.id),
  );
  app.post('/segments/:id/refresh', schema({ params, response: { 200: SegmentView } }), async (req) =>
    refreshSegment(deps, req.auth!.projectId, req.params.id),
  );
};
