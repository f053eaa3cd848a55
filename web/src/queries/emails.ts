/**
 * The email log (beyond.md §5): a page of the project's emails by filter and cursor, and one email
 * with its delivery attempts and events; sending one through the send API, and retrying a failed one.
 */
import { keepPreviousData, type MutationFunctionContext, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts';
import { analyticsKeys, emailKeys, type ProjectScope } from './keys.ts';

export type EmailQuery = NonNullable<Operation<'/emails', 'get'>['parameters']['query']>;
export type EmailPage = ResponseBody<Operation<'/emails', 'get'>>;
export type EmailRow = EmailPage['data'][number];
export type EmailDetail = ResponseBody<Operation<'/emails/{id}', 'get'>>;
export type EmailAttempt = EmailDetail['attempts'][number];
export type EmailEvent = EmailDetail['events'][number];
export type EmailStatus = EmailRow['status'];
export type EmailSource = EmailRow['sourceType'];
export type SendBody = RequestBody<Operation<'/v1/send', 'post'>>;
type PreviewBody = RequestBody<Operation<'/templates/preview', 'post'>>;

/** Emails on their way change by themselves: a screen showing one keeps asking. */
const moving = (status: EmailStatus) => status === 'PENDING' || status === 'SENDING';

export const emailQueries = {
  /** One page, newest first; `total` comes with the first page only (capped at 10,000). */
  list: ({ api, projectId }: ProjectScope, query: EmailQuery) =>
    queryOptions({
      queryKey: [...emailKeys.lists(projectId), query],
      queryFn: () => api.get('/emails', { query }),
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data?.data.some((e) => moving(e.status)) ? 5000 : false),
    }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: emailKeys.detail(projectId, id),
      queryFn: () => api.get('/emails/{id}', { path: { id } }),
      refetchInterval: (q) => (q.state.data && moving(q.state.data.status) ? 3000 : false),
    }),
};

/** How long after a send its delivery, which runs in the background, has usually been handed over. */
const DELIVERY_SETTLES_MS = 3000;

// A send or a retry makes mail: affects.sends names everywhere it shows.
/** A send's onSuccess: the figures read again once its delivery has settled. */
function figuresLater(projectId: string) {
  return (_d: unknown, _v: unknown, _m: unknown, { client }: MutationFunctionContext) => {
    setTimeout(() => client.invalidateQueries({ queryKey: analyticsKeys.all(projectId) }), DELIVERY_SETTLES_MS);
  };
}

export const emailMutations = {
  /**
   * Sends one email through POST /v1/send (the Overview's test, a template's test); its recipient
   * becomes a contact. The figures count it once its delivery, which runs in the background, has
   * been handed over, so they are asked again a little later.
   */
  send: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: emailKeys.mutation(projectId, 'send'),
      mutationFn: (body: SendBody) => api.post('/v1/send', { body }),
      meta: { invalidates: affects.sends(projectId) },
      onSuccess: figuresLater(projectId),
    }),
  /**
   * A test of an email being edited: MJML and block emails are rendered by the server first (POST
   * /templates/preview, Liquid filled from `render.data`), then sent as HTML like any one-off email.
   */
  sendTest: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: emailKeys.mutation(projectId, 'send-test'),
      mutationFn: async ({ send, render }: { send: SendBody; render?: PreviewBody }) => {
        if (!render) return api.post('/v1/send', { body: send });
        const out = await api.post('/templates/preview', { body: render });
        return api.post('/v1/send', { body: { ...send, subject: `[TEST] ${out.subject}`, body: out.html } });
      },
      meta: { invalidates: affects.sends(projectId) },
      onSuccess: figuresLater(projectId),
    }),
  /** Starts a new round of attempts for FAILED email `id`. */
  retry: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: emailKeys.mutation(projectId, 'retry'),
      mutationFn: () => api.post('/emails/{id}/retry', { path: { id } }),
      meta: { invalidates: affects.sends(projectId) },
    }),
};
