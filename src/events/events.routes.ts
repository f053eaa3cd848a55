/** POST /v1/track (pk or sk), its alias POST /events/track, and the /events API (sk). Rules live in the services. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { CursorQuery } from '../http/pagination.ts';
import { API_KEY, routeSchema } from '../http/routes.ts';
import {
  ContactEventsParams,
  DeletedEvents,
  EventNameParams,
  EventNames,
  EventPage,
  EventStats,
  EventUsage,
  ListEventsQuery,
  TrackBody,
  TrackResult,
} from './events.schemas.ts';
import {
  deleteEventsByName,
  eventStats,
  getEventUsage,
  listContactEvents,
  listEventNames,
  listEvents,
} from './events-api.service.ts';
import { trackEvent } from './track.service.ts';

/** The answer of both track routes. */
async function track(deps: Deps, projectId: string, body: TrackBody) {
  return { success: true as const, data: await trackEvent(deps, projectId, body) };
}

/** POST /v1/track: the one route a public key may call. */
export const trackRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/v1/track',
    {
      onRequest: requireProject(deps, { allowPublic: true }),
      schema: { tags: ['track'], security: API_KEY, body: TrackBody, response: { 200: TrackResult } },
    },
    async (req) => track(deps, req.auth!.projectId, req.body),
  );
};

/** /events: the dashboard's alias of /v1/track and the event lists, counts and deletion (secret key or session). */
export const eventRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('events');

  app.post('/events/track', schema({ body: TrackBody, response: { 200: TrackResult } }), async (req) =>
    track(deps, req.auth!.projectId, req.body),
  );

  app.get('/events', schema({ querystring: ListEventsQuery, response: { 200: EventPage } }), async (req) =>
    listEvents(deps, req.auth!.projectId, req.query),
  );

  app.get('/events/stats', schema({ response: { 200: EventStats } }), async (req) =>
    eventStats(deps, req.auth!.projectId),
  );

  app.get('/events/names', schema({ response: { 200: EventNames } }), async (req) =>
    listEventNames(deps, req.auth!.projectId),
  );

  app.get(
    '/events/contact/:contactId',
    schema({ params: ContactEventsParams, querystring: CursorQuery, response: { 200: EventPage } }),
    async (req) => listContactEvents(deps, req.auth!.projectId, req.params.contactId, req.query),
  );

  app.get('/events/:eventName/usage', schema({ params: EventNameParams, response: { 200: EventUsage } }), async (req) =>
    getEventUsage(deps, req.auth!.projectId, req.params.eventName),
  );

  app.delete(
    '/events/:eventName',
    schema({ params: EventNameParams, response: { 200: DeletedEvents } }),
    async (req) => ({ deleted: await deleteEventsByName(deps, req.auth!.projectId, req.params.eventName) }),
  );
};
