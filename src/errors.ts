/**
 * The one error class services throw. It carries the HTTP status and machine code of
 * decisions.md's table; http/errors.ts turns it into the envelope.
 */

export interface FieldError {
  field: string;
  message: string;
  code: string;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: { errors?: FieldError[]; suggestion?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const VALIDATION_SUGGESTION =
  'Check that every field has the documented type and format (strings, numbers, booleans, email addresses) and that required fields are present.';

/** 422 for one field (or several) that failed validation. */
export function invalid(field: string, message: string, code = 'INVALID_VALUE'): AppError {
  return invalidFields([{ field, message, code }]);
}

export function invalidFields(errors: FieldError[]): AppError {
  const message = errors.length === 1 ? `${errors[0]!.field}: ${errors[0]!.message}` : 'Validation failed';
  return new AppError(422, 'VALIDATION_ERROR', message, { errors, suggestion: VALIDATION_SUGGESTION });
}

export function badRequest(message: string, code = 'BAD_REQUEST'): AppError {
  return new AppError(400, code, message);
}

export function unauthorized(code: 'MISSING_AUTH' | 'INVALID_API_KEY' | 'UNAUTHORIZED', message: string): AppError {
  return new AppError(401, code, message);
}

export function forbidden(message: string, code: 'FORBIDDEN' | 'PROJECT_DISABLED' | 'UNVERIFIED_DOMAIN' = 'FORBIDDEN') {
  return new AppError(403, code, message);
}

/** 404 with code `<RESOURCE>_NOT_FOUND`, e.g. notFound('PROJECT'). */
export function notFound(resource: string, message = `${titleCase(resource)} not found`): AppError {
  return new AppError(404, `${resource}_NOT_FOUND`, message);
}

export function conflict(message: string, code = 'CONFLICT'): AppError {
  return new AppError(409, code, message);
}

export function tooLarge(message: string): AppError {
  return new AppError(413, 'PAYLOAD_TOO_LARGE', message);
}

export function tooManyRequests(message: string, retryAfterSeconds: number): AppError {
  return new AppError(429, 'RATE_LIMIT_EXCEEDED', message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    suggestion: `Wait ${Math.max(1, Math.ceil(retryAfterSeconds))} seconds before retrying.`,
  });
}

function titleCase(resource: string): string {
  const s = resource.toLowerCase().replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
