/**
 * Contacts and their fields: a page of the list, one contact and its history, and the field
 * catalogue with each field's values and usage; adding, changing, exporting, erasing and deleting a
 * contact, sending its confirmation email, and removing a field. Contact writes change fields too
 * (types, coverage), and more besides: see queries/affects.ts.
 */
import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  queryOptions,
  useQueryClient,
} from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts';
import { storesAnswer } from './cache.ts';
import { contactKeys, fieldKeys, type ProjectScope, removal } from './keys.ts';

export type Contact = ResponseBody<Operation<'/contacts/{id}', 'get'>>;
export type ContactPage = ResponseBody<Operation<'/contacts', 'get'>>;
export type ContactRow = ContactPage['data'][number];
export type NewContact = RequestBody<Operation<'/contacts', 'post'>>;
/** A PATCH of one contact: any of its email, subscription, topics and custom fields. */
export type ContactChange = RequestBody<Operation<'/contacts/{id}', 'patch'>>;
export type FieldList = ResponseBody<Operation<'/contacts/fields', 'get'>>;
export type FieldDescriptor = FieldList['fields'][number];
export type ContactEvent = ResponseBody<Operation<'/events/contact/{contactId}', 'get'>>['data'][number];
type ListQuery = NonNullable<Operation<'/contacts', 'get'>['parameters']['query']>;

export const contactQueries = {
  /** One page, by search and cursor; `total` comes with the first page only. */
  list: ({ api, projectId }: ProjectScope, query: ListQuery) =>
    queryOptions({
      queryKey: [...contactKeys.lists(projectId), query],
      queryFn: () => api.get('/contacts', { query }),
      placeholderData: keepPreviousData,
    }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: contactKeys.detail(projectId, id),
      queryFn: () => api.get('/contacts/{id}', { path: { id } }),
    }),
  /** The contact's events, newest first, `limit` at a time (under the contact, which tracking invalidates). */
  events: ({ api, projectId }: ProjectScope, contactId: string, limit: number) =>
    infiniteQueryOptions({
      queryKey: [...contactKeys.detail(projectId, contactId), 'events', limit],
      queryFn: ({ pageParam }) =>
        api.get('/events/contact/{contactId}', {
          path: { contactId },
          query: { limit, cursor: pageParam || undefined },
        }),
      initialPageParam: '',
      getNextPageParam: (last) => (last.hasMore ? last.cursor : undefined),
    }),
};

/**
 * The contact as a change of its switches leaves it, before the API answers: the subscription and
 * the topics it names (topics it does not name keep their state).
 */
function withSwitches(contact: Contact, change: ContactChange): Contact {
  const topics = change.topics ?? {};
  const on = Object.keys(topics).filter((id) => topics[id]);
  return {
    ...contact,
    subscribed: change.subscribed ?? contact.subscribed,
    topics: [...contact.topics.filter((id) => !(id in topics)), ...on],
  };
}

export const contactMutations = {
  /** Adds a contact, or updates the one with that email (POST /contacts upserts; `_meta.isNew` says which). */
  create: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: contactKeys.mutation(projectId, 'create'),
      mutationFn: (body: NewContact) => api.post('/contacts', { body }),
      meta: { invalidates: affects.contacts(projectId) },
    }),
  /**
   * Any change of contact `id` (PATCH: email, subscription, topics, custom fields); its answer
   * becomes the contact on screen. A switch (the subscription, a topic) moves at once and moves back
   * if the API refuses; a typed change (email, fields) waits for the answer, whose refusal its form shows.
   */
  update: ({ api, projectId }: ProjectScope, id: string) => {
    const key = contactKeys.detail(projectId, id);
    return mutationOptions({
      mutationKey: contactKeys.mutation(projectId, 'update'),
      mutationFn: (body: ContactChange) => api.patch('/contacts/{id}', { path: { id }, body }),
      onMutate: async (body, { client }) => {
        if (body.subscribed === undefined && body.topics === undefined) return undefined;
        // The contact alone (exact): its history under the same prefix keeps loading.
        await client.cancelQueries({ queryKey: key, exact: true });
        const before = client.getQueryData<Contact>(key);
        if (before) client.setQueryData<Contact>(key, withSwitches(before, body));
        return { before };
      },
      onError: (_error, _body, onMutate, { client }) => {
        if (onMutate?.before) client.setQueryData(key, onMutate.before);
      },
      onSuccess: storesAnswer<Contact>(contactKeys, projectId),
      meta: { invalidates: affects.contacts(projectId) },
    });
  },
  /** Sends the project's confirmation email to contact `id` (a 429 after three in a day). */
  sendConfirmation: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: contactKeys.mutation(projectId, 'send-confirmation'),
      mutationFn: () => api.post('/contacts/{id}/confirmation', { path: { id } }),
      meta: { invalidates: affects.sends(projectId) },
    }),
  /** The JSON document of everything stored about contact `id`, as a file to save (a read, run on a click). */
  exportData: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: contactKeys.mutation(projectId, 'export'),
      // A file, not JSON for the screen: the one call here through api.raw.
      mutationFn: async () => {
        const res = await api.raw('GET', `/contacts/${encodeURIComponent(id)}/export`);
        return { blob: await res.blob(), disposition: res.headers.get('content-disposition') };
      },
    }),
  /** Erases contact `id` for good: its events and runs go, its emails' figures stay without the address. */
  erase: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: contactKeys.mutation(projectId, 'erase'),
      mutationFn: () => api.post('/contacts/{id}/erase', { path: { id } }),
      meta: { invalidates: affects.erasure(projectId), removes: removal(contactKeys, projectId, id) },
    }),
  remove: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: contactKeys.mutation(projectId, 'delete'),
      mutationFn: () => api.delete('/contacts/{id}', { path: { id } }),
      meta: { invalidates: affects.contacts(projectId), removes: removal(contactKeys, projectId, id) },
    }),
};

export const fieldQueries = {
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: fieldKeys.lists(projectId),
      queryFn: () => api.get('/contacts/fields'),
      staleTime: 30_000,
    }),
  /** The segments, campaigns and workflows whose filters name the field. */
  usage: ({ api, projectId }: ProjectScope, field: string) =>
    queryOptions({
      queryKey: [...fieldKeys.detail(projectId, field), 'usage'],
      queryFn: () => api.get('/contacts/fields/{field}/usage', { path: { field } }),
    }),
  /** The field's most common values, most frequent first. */
  values: ({ api, projectId }: ProjectScope, field: string, limit: number) =>
    queryOptions({
      queryKey: [...fieldKeys.detail(projectId, field), 'values', limit],
      queryFn: () => api.get('/contacts/fields/{field}/values', { path: { field }, query: { limit } }),
    }),
};

export const fieldMutations = {
  /**
   * Starts the bulk job that removes `field` from every contact. Nothing has changed yet when it
   * answers: the job's end refreshes what contact writes change (useRefreshWhenDone).
   */
  remove: ({ api, projectId }: ProjectScope, field: string) =>
    mutationOptions({
      mutationKey: fieldKeys.mutation(projectId, 'delete'),
      mutationFn: () => api.delete('/contacts/fields/{field}', { path: { field } }),
    }),
};

/**
 * Forgets a field whose removal job is over in the field list at once, before the list's refresh
 * answers: the fields screen, where the person lands next, must not show it for a moment.
 */
export function useForgetField(projectId: string): (field: string) => void {
  const client = useQueryClient();
  return (field) =>
    client.setQueryData<FieldList>(
      fieldKeys.lists(projectId),
      (list) => list && { ...list, fields: list.fields.filter((f) => f.field !== field) },
    );
}
