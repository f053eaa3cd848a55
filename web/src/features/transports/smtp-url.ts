/**
 * The SMTP transport's connection as a person fills it in (host, port, security, user, password)
 * and as the API takes it: one `smtp[s]://user:pass@host:port` URL. The API answers the URL without
 * its password, which `parseSmtpUrl` turns back into the form's fields.
 */

/** STARTTLS upgrades a plain connection (smtp://, usually port 587); TLS starts encrypted (smtps://, usually 465). */
export type SmtpSecurity = 'STARTTLS' | 'TLS';

export interface SmtpConnection {
  host: string;
  /** As typed: '' means the security's usual port. */
  port: string;
  security: SmtpSecurity;
  user: string;
}

export const DEFAULT_PORT: Record<SmtpSecurity, number> = { STARTTLS: 587, TLS: 465 };

/**
 * The URL the API takes. User and password are percent-encoded, so `@`, `:` and `/` in them survive;
 * an IPv6 host gets its brackets. An empty port means the security's usual one.
 */
export function smtpUrl(c: SmtpConnection, password: string): string {
  const scheme = c.security === 'TLS' ? 'smtps' : 'smtp';
  const host = c.host.trim();
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const port = c.port.trim() || String(DEFAULT_PORT[c.security]);
  const user = c.user.trim();
  const auth =
    user || password ? `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}@` : '';
  return `${scheme}://${auth}${bracketed}:${port}`;
}

/** The form's fields from the URL the API shows (no password); undefined for anything else. */
export function parseSmtpUrl(url: string | null | undefined): SmtpConnection | undefined {
  const m = /^(smtps?):\/\/(?:([^@/]*)@)?(\[[^\]]+\]|[^:/?#[\]]+)(?::(\d+))?\/?$/i.exec(url?.trim() ?? '');
  if (!m) return undefined;
  const security: SmtpSecurity = m[1]!.toLowerCase() === 'smtps' ? 'TLS' : 'STARTTLS';
  // A password the answer kept by mistake is never put back in the form.
  const user = decode((m[2] ?? '').split(':')[0]!);
  const host = m[3]!.startsWith('[') ? m[3]!.slice(1, -1) : m[3]!;
  return { host, port: m[4] ?? String(DEFAULT_PORT[security]), security, user };
}

/** Whether two connections reach the same server as the same user (what decides sending `url` on an edit). */
export function sameConnection(a: SmtpConnection, b: SmtpConnection): boolean {
  const port = (c: SmtpConnection) => c.port.trim() || String(DEFAULT_PORT[c.security]);
  return (
    a.host.trim().toLowerCase() === b.host.trim().toLowerCase() &&
    port(a) === port(b) &&
    a.security === b.security &&
    a.user.trim() === b.user.trim()
  );
}

/** "user@host:587" for a list: the URL without its scheme, or the raw value when it is not one. */
export function describeSmtpUrl(url: string | null | undefined): string {
  const c = parseSmtpUrl(url);
  if (!c) return url ?? '';
  const host = c.host.includes(':') ? `[${c.host}]` : c.host;
  return `${c.user ? `${c.user}@` : ''}${host}:${c.port}`;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
