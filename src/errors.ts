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

/** 402: a billing cap of the project would be exceeded (docs/billing.md); nothing was sent. */
export function billingLimitExceeded(message: string): AppError {
  return new AppError(402, 'BILLING_LIMIT_EXCEEDED', message, {
    suggestion: 'Raise the limit in the billing settings, or wait for the next billing period.',
  });
}

/** 404 BILLING_DISABLED: this server has no Stripe configuration (or lacks the part a route needs). */
export function billingDisabled(message = 'Billing is not enabled on this server (STRIPE_SECRET_KEY is not set).') {
  return new AppError(404, 'BILLING_DISABLED', message);
}

/** 502: the payment provider failed or could not be reached; nothing of ours changed. */
export function paymentProviderError(message: string): AppError {
  return new AppError(502, 'PAYMENT_PROVIDER_ERROR', message);
}

function titleCase(resource: string): string {
  const s = resource.toLowerCase().replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * Runs `check` and answers its value; a 422 it throws has its fields put under `prefix`
 * (`body` → `variants[1].body`), so a nested part of a request is named as the caller wrote it.
 */
export async function within<T>(prefix: string, check: () => T | Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode !== 422 || !err.details.errors) throw err;
    return Promise.reject(
      invalidFields(err.details.errors.map((e) => ({ ...e, field: e.field ? `${prefix}.${e.field}` : prefix }))),
    );
  }
}
