/**
 * GET /t/o/* (open pixel) and GET /t/c/* (click redirect): public, no auth; the signed token in the
 * path is all they trust. Wildcards rather than `:token`: a click token carries its URL and can be
 * longer than the router's parameter limit. Fastify answers HEAD on both too; a HEAD (link checkers,
 * prefetchers) gets the same answer but counts nothing.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { recordClick, recordOpen } from './tracking.service.ts';

/** A transparent 1×1 GIF (43 bytes). */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const Gif = {
  description: 'A 1×1 transparent GIF, whatever the token.',
  content: { 'image/gif': { schema: { type: 'string', format: 'binary' } } },
};
const Redirect = Type.Null({ description: 'Redirect (Location) to the URL signed into the link.' });

const TokenParams = Type.Object({ '*': Type.String({ description: 'The signed token from the email.' }) });

export const trackingRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  const tags = ['tracking'];

  app.get(
    '/t/o/*',
    {
      schema: {
        tags,
        params: TokenParams,
        response: { 200: Gif },
      },
    },
    async (req, reply) => {
      await recordOpen(deps, req.params['*'], req.method === 'GET');
      return reply.code(200).header('cache-control', 'no-store').type('image/gif').send(PIXEL);
    },
  );

  app.get(
    '/t/c/*',
    {
      schema: {
        tags,
        params: TokenParams,
        response: { 302: Redirect },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'no-store')
        .redirect(await recordClick(deps, req.params['*'], req.method === 'GET'), 302),
  );
};
