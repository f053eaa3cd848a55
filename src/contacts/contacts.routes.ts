/** /contacts: CRUD, lookup, and (through sub-plugins) fields, import and bulk jobs. Rules live in the services. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { noContent, routeSchema } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import { bulkRoutes } from './bulk/bulk.routes.ts';
import { listContacts } from './contact-list.service.ts';
import { updateContact } from './contact-update.service.ts';
import {
  ContactPage,
  ContactView,
  CreateContactBody,
  ListContactsQuery,
  LookupBody,
  LookupResult,
  UpdateContactBody,
  UpsertedContact,
} from './contacts.schemas.ts';
import { deleteContact, getContact, lookupContacts, upsertContact } from './contacts.service.ts';
import { fieldRoutes } from './fields/fields.routes.ts';
import { importRoutes } from './import/import.routes.ts';

/** Registers every /contacts route behind the project auth hook (secret key or session). */
export const contactRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const schema = routeSchema('contacts');

  app.get('/contacts', schema({ querystring: ListContactsQuery, response: { 200: ContactPage } }), async (req) =>
    listContacts(deps, req.auth!.projectId, req.query),
  );

  // 201 when the email was new, 200 when an existing contact was patched.
  app.post(
    '/contacts',
    schema({ body: CreateContactBody, response: { 200: UpsertedContact, 201: UpsertedContact } }),
    async (req, reply) => {
      const r = await upsertContact(deps, req.auth!.projectId, req.body);
      return reply.code(r.isNew ? 201 : 200).send({ ...r.contact, _meta: { isNew: r.isNew, isUpdate: !r.isNew } });
    },
  );

  app.post('/contacts/lookup', schema({ body: LookupBody, response: { 200: LookupResult } }), async (req) =>
    lookupContacts(deps, req.auth!.projectId, req.body.emails),
  );

  app.get('/contacts/:id', schema({ params: IdParams, response: { 200: ContactView } }), async (req) =>
    getContact(deps, req.auth!.projectId, req.params.id),
  );

  app.patch(
    '/contacts/:id',
    schema({ params: IdParams, body: UpdateContactBody, response: { 200: ContactView } }),
    async (req) => updateContact(deps, req.auth!.projectId, req.params.id, req.body),
  );

  app.delete(
    '/contacts/:id',
    schema({ params: IdParams }),
    noContent((req) => deleteContact(deps, req.auth!.projectId, req.params.id)),
  );

  await app.register(fieldRoutes, { deps });
  await app.register(importRoutes, { deps });
  await app.register(bulkRoutes, { deps });
};
