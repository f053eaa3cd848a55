/**
 * The first path segments the dashboard owns. The server answers a GET under any of these with the
 * dashboard's index.html (src/http/dashboard.ts), so every dashboard URL survives a reload; none of
 * them is an API path. Project screens live under `/p/:projectId/…`, which keeps the API's own
 * paths (`/contacts`, `/campaigns` …) JSON for every client, browsers included.
 */
export const DASHBOARD_SECTIONS = [
  '',
  'login',
  'signup',
  'forgot-password',
  'reset-password',
  'verify-email',
  'invite',
  'new-project',
  'account',
  'p',
] as const;
