/** /segments: CRUD, a filter preview, the contacts page, static members, compute and refresh. Rules live in the services. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
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
  SegmentIdParams,
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
  const tags = ['segments'];
  const security = [{ apiKey: [] }];
  const params = SegmentIdParams;
  // Another project's (or no) segment is 404 before its body is judged, like every id route.
  const segmentFirst = async (req: { auth?: { projectId: string }; params: unknown }) => {
    await getSegmentRow(deps, req.auth!.projectId, String((req.params as { id?: unknown }).id ?? ''));
  };

  app.get('/segments', { schema: { tags, security, response: { 200: SegmentList } } }, async (req) =>
    listSegments(deps, req.auth!.projectId),
  );

  app.post(
    '/segments',
    { schema: { tags, security, body: CreateSegmentBody, response: { 201: SegmentView } } },
    async (req, reply) => reply.code(201).send(await createSegment(deps, req.auth!.projectId, req.body)),
  );

  // A dry run of a filter for editors' live counts: nothing is written.
  app.post(
    '/segments/preview',
    { schema: { tags, security, body: PreviewSegmentBody, response: { 200: SegmentPreview } } },
    async (req) => previewSegment(deps, req.auth!.projectId, req.body),
  );

  app.get('/segments/:id', { schema: { tags, security, params, response: { 200: SegmentView } } }, async (req) =>
    getSegment(deps, req.auth!.projectId, req.params.id),
  );

  app.patch(
    '/segments/:id',
    { schema: { tags, security, params, body: UpdateSegmentBody, response: { 200: SegmentView } } },
    async (req) => updateSegment(deps, req.auth!.projectId, req.params.id, req.body),
  );

  app.delete('/segments/:id', { schema: { tags, security, params } }, async (req, reply) => {
    await deleteSegment(deps, req.auth!.projectId, req.params.id);
    return reply.code(204).send();
  });

  app.get(
    '/segments/:id/contacts',
    { schema: { tags, security, params, querystring: SegmentContactsQuery, response: { 200: SegmentContactsPage } } },
    async (req) => listSegmentContacts(deps, req.auth!.projectId, req.params.id, req.query),
  );

  app.post(
    '/segments/:id/members',
    {
      preValidation: segmentFirst,
      schema: { tags, security, params, body: AddMembersBody, response: { 200: AddMembersResult } },
    },
    async (req) => addMembers(deps, req.auth!.projectId, req.params.id, req.body),
  );

  app.delete(
    '/segments/:id/members',
    {
      preValidation: segmentFirst,
      schema: { tags, security, params, body: RemoveMembersBody, response: { 200: RemoveMembersResult } },
    },
    async (req) => removeMembers(deps, req.auth!.projectId, req.params.id, req.body.emails),
  );

  app.post(
    '/segments/:id/compute',
    { schema: { tags, security, params, response: { 200: ComputeResult } } },
    async (req) => computeSegment(deps, req.auth!.projectId, req.params.id),
  );

  app.post(
    '/segments/:id/refresh',
    { schema: { tags, security, params, response: { 200: SegmentView } } },
    async (req) => refreshSegment(deps, req.auth!.projectId, req.params.id),
  );
};
