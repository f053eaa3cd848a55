/**
 * Transports (beyond.md §7): the project's own ways out (SMTP relays, Amazon SES accounts), tried
 * per stream in priority order; and SMTP submission (§6), how the server takes mail over SMTP.
 * Answers never carry a password or SES secret. Adding, changing, testing and deleting them.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts';
import { type ProjectScope, removal, settingsKeys, transportKeys } from './keys.ts';

export type Transport = ResponseBody<Operation<'/transports/{id}', 'get'>>;
export type TransportKind = Transport['kind'];
export type TransportStream = Transport['streams'][number];
export type CreateTransportBody = RequestBody<Operation<'/transports', 'post'>>;
export type UpdateTransportBody = RequestBody<Operation<'/transports/{id}', 'patch'>>;
/** What a connection test found: connected and authenticated (ok), or the server's answer or the error. */
export type TransportTest = ResponseBody<Operation<'/transports/{id}/test', 'post'>>;
export type SmtpSubmission = ResponseBody<Operation<'/smtp-submission', 'get'>>;

export const transportQueries = {
  /** In the order they are tried (priority, then age), as the API answers them. */
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: transportKeys.lists(projectId),
      queryFn: () => api.get('/transports'),
    }),
  /** The server's SMTP submission settings, as the project's clients should use them. */
  smtpSubmission: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...settingsKeys.all(projectId), 'smtp-submission'],
      queryFn: () => api.get('/smtp-submission'),
      staleTime: 5 * 60_000,
    }),
};

export const transportMutations = {
  /** Adds a transport, or changes transport `id` (an edit, or switching it on or off). */
  save: ({ api, projectId }: ProjectScope, id?: string) =>
    mutationOptions({
      mutationKey: transportKeys.mutation(projectId, id ? 'update' : 'create'),
      mutationFn: (body: UpdateTransportBody) =>
        id
          ? api.patch('/transports/{id}', { path: { id }, body })
          : // The form's body gives a new transport its kind and every required field.
            api.post('/transports', { body: body as CreateTransportBody }),
      meta: { invalidates: affects.transports(projectId) },
    }),
  /** Connects and authenticates without sending; a test may clear or add to the failure count the list shows. */
  test: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: transportKeys.mutation(projectId, 'test'),
      mutationFn: () => api.post('/transports/{id}/test', { path: { id } }),
      meta: { invalidates: affects.transports(projectId) },
    }),
  remove: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: transportKeys.mutation(projectId, 'delete'),
      mutationFn: () => api.delete('/transports/{id}', { path: { id } }),
      meta: { invalidates: affects.transports(projectId), removes: removal(transportKeys, projectId, id) },
    }),
};
