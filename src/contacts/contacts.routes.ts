/** /contacts: CRUD, lookup, and (through sub-plugins) fields, import and bulk jobs. Rules live in the services. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps.ts';
import { requireProject } from '../http/auth.ts';
import { bulkRoutes } from './bulk/bulk.routes.ts';
import { updateContact } from './contact-update.service.ts';
import {
  ContactIdParams,
  ContactPage,
  ContactView,
  CreateContactBody,
  ListContactsQuery,
  LookupBody,
  LookupResult,
  UpdateContactBody,
  UpsertedContact,
} from './contacts.schemas.ts';
import { deleteContact, getContact, listContacts, lookupContacts, upsertContact } from './contacts.service.ts';
import { fieldRoutes } from './fields/fields.routes.ts';
import { importRoutes } from './import/import.routes.ts';

/** Registers every /contacts route behind the project auth hook (secret key or session). */
export const contactRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireProject(deps));
  const tags = ['contacts'];
  const security = [{ apiKey: [] }];

  app.get(
    '/contacts',
    { schema: { tags, security, querystring: ListContactsQuery, response: { 200: ContactPage } } },
    async (req) => listContacts(deps, req.auth!.projectId, req.query),
  );

  // 201 when the email was new, 200 when an existing contact was patched.
  app.post(
    '/contacts',
    { schema: { tags, security, body: CreateContactBody, response: { 200: UpsertedContact, 201: UpsertedContact } } },
    async (req, reply) => {
      const r = await upsertContact(deps, req.auth!.projectId, req.body);
      return reply.code(r.isNew ? 201 : 200).send({ ...r.contact, _meta: { isNew: r.isNew, isUpdate: !r.isNew } });
    },
  );

  app.post(
    '/contacts/lookup',
    { schema: { tags, security, body: LookupBody, response: { 200: LookupResult } } },
    async (req) => lookupContacts(deps, req.auth!.projectId, req.body.emails),
  );

  app.get(
    '/contacts/:id',
    { schema: { tags, security, params: ContactIdParams, response: { 200: ContactView } } },
    async (req) => getContact(deps, req.auth!.projectId, req.params.id),
  );

  app.patch(
    '/contacts/:id',
    { schema: { tags, security, params: ContactIdParams, body: UpdateContactBody, response: { 200: ContactView } } },
    async (req) => updateContact(deps, req.auth!.projectId, req.params.id, req.body),
  );

  app.delete('/contacts/:id', { schema: { tags, security, params: ContactIdParams } }, async (req, reply) => {
    await deleteContact(deps, req.auth!.projectId, req.params.id);
    return reply.code(204).send();
  });

  await app.register(fieldRoutes, { deps });
  await app.register(importRoutes, { deps });
  await app.register(bulkRoutes, { deps });
};
