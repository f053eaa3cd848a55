/**
 * Transports (beyond.md §7): the project's own ways out (SMTP relays, Amazon SES accounts), tried
 * per stream in priority order; and SMTP submission (§6), how the server takes mail over SMTP.
 * Answers never carry a password or SES secret.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Client } from '../api/client.ts';
import { type ProjectScope, resourceKey } from './keys.ts';

export type TransportKind = 'SMTP' | 'SES';
export type TransportStream = 'TRANSACTIONAL' | 'MARKETING';

export interface Transport {
  id: string;
  name: string;
  kind: TransportKind;
  /** smtp[s]://user@host:port, without the password; null for SES. */
  url: string | null;
  /** Without the secret access key; null for SMTP. */
  ses: { region: string; accessKeyId: string; endpoint?: string | null } | null;
  /** A password (SMTP) or secret access key (SES) is stored; it is never shown. */
  hasSecret?: boolean;
  streams: TransportStream[];
  ratePerSecond: number | null;
  priority: number;
  enabled: boolean;
  /** Passed over until then after failing 5 times in a row. */
  pausedUntil?: string | null;
  consecutiveFailures?: number;
  createdAt: string;
  updatedAt: string;
}

export interface TransportBody {
  name: string;
  kind: TransportKind;
  url?: string;
  ses?: { region: string; accessKeyId: string; secretAccessKey?: string; endpoint?: string | null };
  streams: TransportStream[];
  ratePerSecond?: number | null;
  priority?: number;
  enabled?: boolean;
}

/** What `POST /transports/:id/test` found: connected and authenticated (ok), or the server's answer or the error. */
export interface TransportTest {
  ok: boolean;
  response: string;
  durationMs?: number;
}

export interface SmtpSubmission {
  /** False when the server has no SMTP_SUBMISSION_PORT. */
  enabled: boolean;
  host: string;
  port: number | null;
  tls: 'STARTTLS' | null;
  insecureAuthAllowed: boolean;
  /** A suggestion: any user name is accepted. */
  username: string;
  /** PLAIN and LOGIN. */
  authMethods?: string[];
}

// The generated client has no transport paths yet; these calls go through its raw fetch (same
// headers, project and error envelope) until `npm run client:generate` brings them.
async function json<T>(api: Client, method: string, path: string, body?: unknown): Promise<T> {
  const res = await api.raw(method, path, {
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = res.status === 204 ? '' : await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const byId = (id: string) => `/transports/${encodeURIComponent(id)}`;

/** The transport calls the screens make. */
export const transportApi = {
  create: (api: Client, body: TransportBody) => json<Transport>(api, 'POST', '/transports', body),
  update: (api: Client, id: string, body: Partial<TransportBody>) => json<Transport>(api, 'PATCH', byId(id), body),
  remove: (api: Client, id: string) => json<void>(api, 'DELETE', byId(id)),
  test: (api: Client, id: string) => json<TransportTest>(api, 'POST', `${byId(id)}/test`),
};

/** Lower priority first, then by name: the order the pipeline tries them in. */
export const byPriority = (a: Transport, b: Transport) => a.priority - b.priority || a.name.localeCompare(b.name);

export const transportQueries = {
  all: (projectId: string) => resourceKey(projectId, 'transports'),
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'transports', 'list'),
      queryFn: async () => (await json<Transport[]>(api, 'GET', '/transports')).sort(byPriority),
    }),
  /** The server's SMTP submission settings, as the project's clients should use them. */
  smtpSubmission: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'settings', 'smtp-submission'),
      queryFn: () => json<SmtpSubmission>(api, 'GET', '/smtp-submission'),
      staleTime: 5 * 60_000,
    }),
};
