/**
 * The only builder of error bodies: every error Fastify, a plugin or our code raises leaves as
 * `{ success:false, error:{ code, message, statusCode, requestId, errors?, suggestion? }, timestamp }`.
 */
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type FieldError, VALIDATION_SUGGESTION } from '../errors.ts';
import { genRequestId } from './request-id.ts';
import { applySecurityHeaders } from './security-headers.ts';

export interface ErrorBody {
  success: false;
  error: {
    code: string;
    message: string;
    statusCode: number;
    requestId: string;
    errors?: FieldError[];
    suggestion?: string;
  };
  timestamp: string;
}

/** Builds the envelope for an AppError. */
export function errorBody(err: AppError, requestId: string): ErrorBody {
  return {
    success: false,
    error: {
      code: err.code,
      message: err.message,
      statusCode: err.statusCode,
      requestId,
      ...(err.details.errors ? { errors: err.details.errors } : {}),
      ...(err.details.suggestion ? { suggestion: err.details.suggestion } : {}),
    },
    timestamp: new Date().toISOString(),
  };
}

const GENERIC_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'RESOURCE_NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_ERROR',
  429: 'RATE_LIMIT_EXCEEDED',
};

/** Maps anything thrown during a request to an AppError; unknown errors become a bare 500. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as FastifyError & { validation?: ValidationItem[]; validationContext?: string };
  if (e?.validation) return new AppError(422, 'VALIDATION_ERROR', validationMessage(e), validationDetails(e));
  switch (e?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, 'BAD_REQUEST', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Type; send application/json.');
    case 'FST_ERR_BAD_URL':
      return new AppError(400, 'BAD_REQUEST', 'The URL is malformed (check its percent-encoding).');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError(414, 'URI_TOO_LONG', 'A path segment of the URL is too long.');
  }
  if (err instanceof SyntaxError && (e as { statusCode?: number }).statusCode === 400) {
    return new AppError(400, 'BAD_REQUEST', 'The request body is not valid JSON.');
  }
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    // A 4xx from Fastify or a plugin: keep its status and (safe, framework-written) message.
    return new AppError(status, GENERIC_CODES[status] ?? 'BAD_REQUEST', e.message || 'Bad request');
  }
  return new AppError(500, 'INTERNAL_SERVER_ERROR', 'An unexpected error occurred. Quote the request ID to support.');
}

type ValidationItem = { instancePath?: string; keyword: string; message?: string; params?: Record<string, unknown> };

function fieldOf(item: ValidationItem): string {
  const base = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = item.params?.missingProperty;
  if (item.keyword === 'required' && typeof missing === 'string') return base ? `${base}.${missing}` : missing;
  return base || '(root)';
}

function messageOf(item: ValidationItem): string {
  if (item.keyword === 'required') return 'is required';
  return item.message ?? 'is invalid';
}

function validationDetails(e: { validation?: ValidationItem[] }) {
  const errors = (e.validation ?? []).map((item) => ({
    field: fieldOf(item),
    message: messageOf(item),
    code: item.keyword.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase(),
  }));
  return { errors, suggestion: VALIDATION_SUGGESTION };
}

function validationMessage(e: { validation?: ValidationItem[]; validationContext?: string }): string {
  const first = e.validation?.[0];
  const where = e.validationContext ?? 'request';
  return first ? `Invalid ${where}: ${fieldOf(first)} ${messageOf(first)}` : `Invalid ${where}`;
}

/**
 * Fastify's `frameworkErrors` option: errors raised while routing (a malformed percent-escape, a
 * path segment over the router's limit). No hook runs for these, so the fixed headers are set here.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void => {
    applySecurityHeaders(reply, headers);
    sendError(reply, toAppError(err));
  };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (bad header bytes, headers too
 * large, a timeout). There is no request object, so the envelope is written to the socket directly.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  const fixed = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (err: NodeJS.ErrnoException, socket: Duplex): void => writeClientError(err, socket, fixed);
}

function writeClientError(err: NodeJS.ErrnoException, socket: Duplex, fixedHeaders: string): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE', 'The request headers are too large.']
        : [400, 'BAD_REQUEST', 'The request is not valid HTTP.'];
  const requestId = genRequestId({ headers: {} } as IncomingMessage);
  const body = JSON.stringify(errorBody(new AppError(status, code, message), requestId));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\n${fixedHeaders}` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** Installs the envelope on every error path, including unknown routes. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const appErr = toAppError(err);
    if (appErr.statusCode >= 500) req.log.error({ err }, 'request failed');
    sendError(reply, appErr);
  });
  app.setNotFoundHandler((req, reply) => {
    sendError(reply, new AppError(404, 'ROUTE_NOT_FOUND', `No route for ${req.method} ${req.url.split('?')[0]}`));
  });
}

/** Sends an AppError as the envelope with its status and headers. */
export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  for (const [name, value] of Object.entries(err.details.headers ?? {})) reply.header(name, value);
  // Also set here for errors raised before the request-id hook runs (routing, framework errors).
  reply.header('x-request-id', reply.request.id);
  return reply
    .code(err.statusCode)
    .type('application/json; charset=utf-8')
    .send(errorBody(err, String(reply.request.id)));
}
