/**
 * Contacts and their fields: a page of the list, one contact and its history, and the field
 * catalogue with each field's values and usage. Contact writes change fields too (types, coverage):
 * see queries/affects.ts.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts'; // LEGACY(issue-40)
import { contactKeys, fieldKeys, type ProjectScope } from './keys.ts';

export type Contact = ResponseBody<Operation<'/contacts/{id}', 'get'>>;
export type ContactPage = ResponseBody<Operation<'/contacts', 'get'>>;
export type ContactRow = ContactPage['data'][number];
export type FieldList = ResponseBody<Operation<'/contacts/fields', 'get'>>;
export type FieldDescriptor = FieldList['fields'][number];
export type ContactEvent = ResponseBody<Operation<'/events/contact/{contactId}', 'get'>>['data'][number];
type ListQuery = NonNullable<Operation<'/contacts', 'get'>['parameters']['query']>;

export const contactQueries = {
  all: (projectId: string) => contactKeys.all(projectId), // LEGACY(issue-40)
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

export const fieldQueries = {
  all: (projectId: string) => fieldKeys.all(projectId), // LEGACY(issue-40)
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

export const contactEffects = affects.contacts; // LEGACY(issue-40)
