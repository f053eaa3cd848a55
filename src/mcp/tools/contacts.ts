/** Contact tools: a page of contacts, one contact by id or address, and the upsert by address. */
import { Type } from 'typebox';
import { listContacts } from '../../contacts/contact-list.service.ts';
import { CreateContactBody } from '../../contacts/contacts.schemas.ts';
import { findContactIdByEmail, getContact, upsertContact } from '../../contacts/contacts.service.ts';
import { invalid, notFound } from '../../errors.ts';
import { Id } from '../../http/schemas.ts';
import { Cursor, defineTool, Limit } from './types.ts';

/** What an assistant needs of a contact in a list (topics and confirmation are on get_contact). */
function contactItem(c: { id: string; email: string; subscribed: boolean; data: object; createdAt: string }) {
  return { id: c.id, email: c.email, subscribed: c.subscribed, data: c.data, createdAt: c.createdAt };
}

export const listContactsTool = defineTool({
  name: 'list_contacts',
  description:
    'Lists contacts, newest first, a page at a time (limit, default 20, at most 100). `query` keeps those whose ' +
    "email address contains it (any case). Pass the answer's nextCursor as `cursor` for the next page; null means " +
    'no more. `total` (matching contacts) is on the first page only.',
  input: Type.Object({
    query: Type.Optional(Type.String({ maxLength: 320, description: 'Part of an email address, any case.' })),
    limit: Type.Optional(Limit),
    cursor: Type.Optional(Cursor),
  }),
  write: false,
  resource: 'contact',
  async run(deps, projectId, args) {
    const page = await listContacts(deps, projectId, {
      limit: args.limit ?? 20,
      cursor: args.cursor,
      search: args.query,
    });
    const first = !args.cursor;
    return {
      result: {
        contacts: page.data.map(contactItem),
        nextCursor: page.hasMore ? page.cursor : null,
        ...(first ? { total: page.total } : {}),
      },
    };
  },
});

export const getContactTool = defineTool({
  name: 'get_contact',
  description:
    'One contact by `id` or by `email` (give one): address, subscription, custom fields (`data`), topics, dates. ' +
    'A contact that does not exist is an error.',
  input: Type.Object({
    id: Type.Optional({ ...Id, description: 'The contact id.' }),
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 320, description: 'The email address, any case.' })),
  }),
  write: false,
  resource: 'contact',
  async run(deps, projectId, args) {
    if (args.id === undefined && args.email === undefined) throw invalid('id', 'give the contact id or its email');
    if (args.id !== undefined && args.email !== undefined) throw invalid('email', 'give either id or email, not both');
    const id = args.id ?? (await findContactIdByEmail(deps, projectId, args.email!));
    if (!id) throw notFound('CONTACT');
    const contact = await getContact(deps, projectId, id);
    return { result: { contact }, resourceId: contact.id };
  },
});

export const upsertContactTool = defineTool({
  name: 'upsert_contact',
  description:
    'Creates the contact with this email, or updates the one that has it. `data` is patched: only the keys given ' +
    'change, null deletes a key. `subscribed` defaults to true for a new contact and is kept for an existing one ' +
    'unless given. Answers the contact and whether it was created.',
  input: Type.Object({
    email: CreateContactBody.properties.email,
    subscribed: CreateContactBody.properties.subscribed,
    data: CreateContactBody.properties.data,
  }),
  write: true,
  resource: 'contact',
  async run(deps, projectId, args) {
    const saved = await upsertContact(deps, projectId, {
      email: args.email,
      subscribed: args.subscribed,
      data: args.data,
    });
    return { result: { contact: contactItem(saved.contact), created: saved.isNew }, resourceId: saved.contact.id };
  },
});
