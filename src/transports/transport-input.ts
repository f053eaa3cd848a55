/**
 * The rules of a transport's fields that a schema cannot say (pure): what each kind needs, what an
 * SMTP URL may look like, and the URL shown back, which never carries the password.
 */

import type { TransportKind } from '../db/schema.ts';
import type { FieldError } from '../errors.ts';
import { parseSmtpUrl, type SmtpConnection } from '../mail/transports/smtp.ts';

const problem = (field: string, message: string, code = 'INVALID_VALUE'): FieldError => ({ field, message, code });

/** The relay an SMTP URL names, or the problems with it (never quoting the URL: it may hold a password). */
export function readSmtpUrl(raw: string, field = 'url'): SmtpConnection | FieldError[] {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return [problem(field, 'is not a valid URL (smtp://user:pass@host:port or smtps://…)')];
  }
  const errors: FieldError[] = [];
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    errors.push(problem(field, 'must start with smtp:// or smtps://'));
  if (!url.hostname) errors.push(problem(field, 'must name a host'));
  if (url.port === '0') errors.push(problem(field, 'must not use port 0'));
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) {
    errors.push(problem(field, 'must be smtp[s]://user:pass@host:port, with nothing after the port'));
  }
  if (errors.length > 0) return errors;
  try {
    return parseSmtpUrl(url.href);
  } catch {
    // A malformed percent-escape in the user or password.
    return [problem(field, 'has a malformed percent-escape in its credentials')];
  }
}

/** `smtp[s]://user@host:port`: the relay as answers show it, without the password. */
export function publicSmtpUrl(c: SmtpConnection): string {
  const host = c.host.includes(':') ? `[${c.host}]` : c.host;
  const user = c.user ? `${encodeURIComponent(c.user)}@` : '';
  return `${c.secure ? 'smtps' : 'smtp'}://${user}${host}:${c.port}`;
}

/** An SES endpoint: an http(s) URL without credentials, or the problem with it. */
export function readEndpoint(raw: string, field = 'ses.endpoint'): URL | FieldError {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return problem(field, 'must be an http or https URL');
    if (url.username || url.password) return problem(field, 'must not carry credentials');
    return url;
  } catch {
    return problem(field, 'is not a valid URL');
  }
}

/** What each kind requires and refuses: `url` for SMTP, `ses` for SES, never the other's. */
export function kindProblems(kind: TransportKind, given: { url?: unknown; ses?: unknown }, creating: boolean) {
  const errors: FieldError[] = [];
  const own = kind === 'SMTP' ? 'url' : 'ses';
  const other = kind === 'SMTP' ? 'ses' : 'url';
  if (creating && given[own] === undefined) errors.push(problem(own, `is required for ${kind} transports`, 'REQUIRED'));
  if (given[other] !== undefined)
    errors.push(problem(other, `is only for ${other === 'url' ? 'SMTP' : 'SES'} transports`));
  return errors;
}
