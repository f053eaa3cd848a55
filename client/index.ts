/**
 * A typed fetch client for the Mailwright API. Paths, parameters, bodies and answers come from
 * ./schema.d.ts, generated from the served /openapi.json, so a call that does not match the API
 * fails to compile. Any non-2xx answer throws an ApiError carrying the error envelope's fields.
 */
import type { paths } from './schema.d.ts';

export type { paths } from './schema.d.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The operation object of a path and method (never when the path has no such method). */
export type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** Paths that have an operation for the method. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: [NonNullable<paths[P][M]>] extends [never] ? never : P;
}[keyof paths];

type Parameters<O> = O extends { parameters: infer X } ? X : never;
export type PathParams<O> = Parameters<O> extends { path: infer X } ? X : never;
export type QueryParams<O> = Parameters<O> extends { query?: infer X } ? X : never;
export type RequestBody<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : undefined;
/** The JSON of the operation's 2xx answers. */
export type ResponseBody<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 | 202 | 204 ? JsonOf<R[S]> : never }[keyof R]
  : never;

/** What one call takes; keys the operation does not have are `never` and so cannot be passed. */
export interface CallOptions<O> {
  path?: PathParams<O>;
  query?: QueryParams<O>;
  body?: RequestBody<O>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface FieldError {
  field: string;
  message: string;
  [key: string]: unknown;
}

/** A non-2xx answer: the envelope's code, message and field errors, plus the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
    readonly suggestion?: string,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ClientOptions {
  /** The server's address, e.g. https://mail.example.com; '' (the default) for same-origin calls. */
  baseUrl?: string;
  /** A secret key (sk_…) sent as a bearer token. Leave out to use the browser's session cookie. */
  apiKey?: string;
  /** Read before each call: the project a session user is working in (sent as X-Project-Id). */
  projectId?: () => string | undefined;
  /** Headers added to every call. */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

export type Client = ReturnType<typeof createClient>;

/** Fills `{name}` placeholders of an OpenAPI path; each value is URL-encoded. */
export function fillPath(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function toApiError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string; errors?: FieldError[]; suggestion?: string; requestId?: string } }
    | undefined;
  const e = body?.error;
  return new ApiError(
    res.status,
    e?.code ?? 'HTTP_ERROR',
    e?.message ?? `${res.status} ${res.statusText}`,
    e?.errors ?? [],
    e?.suggestion,
    e?.requestId ?? res.headers.get('x-request-id') ?? undefined,
  );
}

/** Creates a client; every method resolves with the parsed JSON of a 2xx answer. */
export function createClient(options: ClientOptions = {}) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = (options.baseUrl ?? '').replace(/\/+$/, '');

  /** One call with a body that is not JSON (a FormData upload) or an answer that is not JSON (raw MIME). */
  async function raw(method: string, url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(options.headers);
    if (options.apiKey) headers.set('authorization', `Bearer ${options.apiKey}`);
    const projectId = options.projectId?.();
    if (projectId) headers.set('x-project-id', projectId);
    for (const [k, v] of new Headers(init.headers)) headers.set(k, v);
    const res = await doFetch(base + url, { credentials: 'same-origin', ...init, method, headers });
    if (!res.ok) throw await toApiError(res);
    return res;
  }

  async function call<P extends keyof paths, M extends Method>(
    method: M,
    path: P,
    opts: CallOptions<Operation<P, M>> = {},
  ): Promise<ResponseBody<Operation<P, M>>> {
    const url =
      fillPath(path as string, opts.path as Record<string, unknown>) +
      queryString(opts.query as Record<string, unknown>);
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await raw(method.toUpperCase(), url, { headers, body, signal: opts.signal });
    if (res.status === 204) return undefined as ResponseBody<Operation<P, M>>;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as ResponseBody<Operation<P, M>>;
  }

  return {
    get: <P extends PathsWith<'get'>>(path: P, opts?: CallOptions<Operation<P, 'get'>>) => call('get', path, opts),
    post: <P extends PathsWith<'post'>>(path: P, opts?: CallOptions<Operation<P, 'post'>>) => call('post', path, opts),
    put: <P extends PathsWith<'put'>>(path: P, opts?: CallOptions<Operation<P, 'put'>>) => call('put', path, opts),
    patch: <P extends PathsWith<'patch'>>(path: P, opts?: CallOptions<Operation<P, 'patch'>>) =>
      call('patch', path, opts),
    delete: <P extends PathsWith<'delete'>>(path: P, opts?: CallOptions<Operation<P, 'delete'>>) =>
      call('delete', path, opts),
    raw,
  };
}
