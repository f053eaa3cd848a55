/** POST /v1/verify: address verification (format, DNS, lists, typos). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { VerifyBody, VerifyData } from './verify.schemas.ts';
import { verifyAddress } from './verify.ts';

export const verifyRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/v1/verify',
    {
      onRequest: requireProject(deps),
      schema: {
        tags: ['verify'],
        security: [{ apiKey: [] }],
        body: VerifyBody,
        response: { 200: Type.Object({ success: Type.Literal(true), data: VerifyData }) },
      },
    },
    async (req) => ({ success: true as const, data: await verifyAddress(deps.dns, req.body.email) }),
  );
};
