/** /contacts/fields: the project's fields with type and coverage, their values, usage and removal. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps.ts';
import { routeSchema } from '../../http/routes.ts';
import { listFields } from './coverage.ts';
import { FieldDeleted, FieldList, FieldParams, FieldUsage, FieldValues, FieldValuesQuery } from './fields.schemas.ts';
import { deleteField, getFieldUsage, listFieldValues } from './fields.service.ts';

/** The fields routes; the project comes from the parent plugin's auth hook. */
export const fieldRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  const schema = routeSchema('contacts');

  app.get('/contacts/fields', schema({ response: { 200: FieldList } }), async (req) =>
    listFields(deps, req.auth!.projectId),
  );

  app.get(
    '/contacts/fields/:field/values',
    schema({ params: FieldParams, querystring: FieldValuesQuery, response: { 200: FieldValues } }),
    async (req) => listFieldValues(deps, req.auth!.projectId, req.params.field, req.query.limit),
  );

  app.get(
    '/contacts/fields/:field/usage',
    schema({ params: FieldParams, response: { 200: FieldUsage } }),
    async (req) => getFieldUsage(deps, req.auth!.projectId, req.params.field),
  );

  app.delete('/contacts/fields/:field', schema({ params: FieldParams, response: { 200: FieldDeleted } }), async (req) =>
    deleteField(deps, req.auth!.projectId, req.params.field),
  );
};
