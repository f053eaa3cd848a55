/**
 * The dashboard's API access: the typed client from client/ over the session cookie. Calls for a
 * project go through `useProject().api`, which adds X-Project-Id; account calls use `api`.
 */
import { ApiError, type Client, createClient } from '../../../client/index.ts';
import { i18n } from '../i18n/i18n.ts';

export type { Client };
export { ApiError };

// The API asks cookie writes to prove they come from our pages; X-Requested-With is that proof
// for requests a browser sends without an Origin header.
const DASHBOARD_HEADERS = { 'x-requested-with': 'mailwright-dashboard' };

/** The client for account-level calls (auth, user, project list). */
export const api = createClient({ headers: DASHBOARD_HEADERS });

/** A client whose every call is scoped to one project. */
export function projectClient(projectId: string): Client {
  return createClient({ headers: DASHBOARD_HEADERS, projectId: () => projectId });
}

/** The message to show for a failed call: the API's own message (as the server wrote it) when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return i18n.t('Something went wrong.');
}

/** The API's message for one form field (the envelope's `errors[]`), if it named that field. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const hit = error.errors.find((e) => e.field === field || e.field?.startsWith(`${field}.`));
  return hit?.message;
}
