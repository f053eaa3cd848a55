/**
 * Contacts and their fields: a page of the list, one contact and its history, and the field
 * catalogue with each field's values and usage. Contact writes change fields too (types, coverage):
 * a contact mutation invalidates `fieldQueries.all` as well.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { activityQueries } from './activity.ts';
import { type ProjectScope, resourceKey } from './keys.ts';
import { segmentQueries } from './segments.ts';
import { topicQueries } from './topics.ts';

export type Contact = ResponseBody<Operation<'/contacts/{id}', 'get'>>;
export type ContactPage = ResponseBody<Operation<'/contacts', 'get'>>;
export type ContactRow = ContactPage['data'][number];
export type FieldList = ResponseBody<Operation<'/contacts/fields', 'get'>>;
export type FieldDescriptor = FieldList['fields'][number];
export type ContactEvent = ResponseBody<Operation<'/events/contact/{contactId}', 'get'>>['data'][number];
type ListQuery = NonNullable<Operation<'/contacts', 'get'>['parameters']['query']>;

export const contactQueries = {
  all: (projectId: string) => resourceKey(projectId, 'contacts'),
  /** One page, by search and cursor; `total` comes with the first page only. */
  list: ({ api, projectId }: ProjectScope, query: ListQuery) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'contacts', 'list', query),
      queryFn: () => api.get('/contacts', { query }),
      placeholderData: keepPreviousData,
    }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'contacts', 'one', id),
      queryFn: () => api.get('/contacts/{id}', { path: { id } }),
    }),
  /** The contact's events, newest first, `limit` at a time (under the contact, which tracking invalidates). */
  events: ({ api, projectId }: ProjectScope, contactId: string, limit: number) =>
    infiniteQueryOptions({
      queryKey: resourceKey(projectId, 'contacts', 'one', contactId, 'events', limit),
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
  all: (projectId: string) => resourceKey(projectId, 'fields'),
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'fields', 'list'),
      queryFn: () => api.get('/contacts/fields'),
      staleTime: 30_000,
    }),
  /** The segments, campaigns and workflows whose filters name the field. */
  usage: ({ api, projectId }: ProjectScope, field: string) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'fields', 'usage', field),
      queryFn: () => api.get('/contacts/fields/{field}/usage', { path: { field } }),
    }),
  /** The field's most common values, most frequent first. */
  values: ({ api, projectId }: ProjectScope, field: string, limit: number) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'fields', 'values', field, limit),
      queryFn: () => api.get('/contacts/fields/{field}/values', { path: { field }, query: { limit } }),
    }),
};

/**
 * What a contact write (create, change, delete) changes besides the contact: the lists, field
 * types and coverage, the dynamic segments' members, the topics' subscriber counts and the activity feed.
 */
export const contactEffects = (projectId: string) => [
  contactQueries.all(projectId),
  fieldQueries.all(projectId),
  segmentQueries.all(projectId),
  topicQueries.all(projectId),
  activityQueries.all(projectId),
];
