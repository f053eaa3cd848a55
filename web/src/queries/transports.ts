/**
 * Transports (beyond.md §7): the project's own ways out (SMTP relays, Amazon SES accounts), tried
 * per stream in priority order; and SMTP submission (§6), how the server takes mail over SMTP.
 * Answers never carry a password or SES secret.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { type ProjectScope, settingsKeys, transportKeys } from './keys.ts';

export type Transport = ResponseBody<Operation<'/transports/{id}', 'get'>>;
export type TransportKind = Transport['kind'];
export type TransportStream = Transport['streams'][number];
export type CreateTransportBody = RequestBody<Operation<'/transports', 'post'>>;
export type UpdateTransportBody = RequestBody<Operation<'/transports/{id}', 'patch'>>;
/** What a connection test found: connected and authenticated (ok), or the server's answer or the error. */
export type TransportTest = ResponseBody<Operation<'/transports/{id}/test', 'post'>>;
export type SmtpSubmission = ResponseBody<Operation<'/smtp-submission', 'get'>>;

export const transportQueries = {
  all: (projectId: string) => transportKeys.all(projectId), // LEGACY(issue-40)
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
