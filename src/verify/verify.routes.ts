/** POST /v1/verify: address verification (format, DNS, lists, typos). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { verifyAddress } from './verify.ts';

// Any string is accepted: judging the format is this endpoint's job, and a bad one is an answer, not an error.
const VerifyBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 10_000 }) });

const VerifyData = Type.Object({
  email: Type.String(),
  valid: Type.Boolean(),
  isDisposable: Type.Boolean(),
  isAlias: Type.Boolean(),
  isTypo: Type.Boolean(),
  isPlusAddressed: Type.Boolean(),
  isPersonalEmail: Type.Boolean(),
  domainExists: Type.Boolean(),
  hasWebsite: Type.Boolean(),
  hasMxRecords: Type.Boolean(),
  reasons: Type.Array(Type.String()),
  suggestedEmail: Type.Optional(Type.String()),
});

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
