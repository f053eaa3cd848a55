/**
 * Open and click tracking: the pixel and the redirect links that withTracking put into a sent email
 * come back here. Counters, first times and statuses change on the email row, and an `email.open`
 * (first open, whether by the pixel or by a click that comes first) or `email.click` (every click)
 * event is recorded for its contact, in one transaction.
 * Only tokens we signed count.
 */
import type { Deps } from '../deps.ts';
import { recordClick as countClick, recordOpen as countOpen } from '../emails/transitions.ts';
import { notFound } from '../errors.ts';
import { readClickToken, readOpenToken } from '../mail/links.ts';

type TrackingDeps = Pick<Deps, 'db' | 'clock' | 'eventListeners' | 'secrets' | 'log'>;

/**
 * Records an open for a valid pixel token; any other token is ignored (the pixel is served anyway),
 * and so is a failure to record it (logged): it never throws.
 * `count: false` (a HEAD request, as link checkers send) records nothing.
 */
export async function recordOpen(deps: TrackingDeps, token: string, count = true): Promise<void> {
  const t = readOpenToken(deps.secrets.signingSecret, token);
  if (!count || !t || typeof t.p !== 'string' || typeof t.e !== 'string') return;
  const { p: projectId, e: emailId } = t;
  try {
    await deps.db.transaction().execute((trx) => countOpen(deps, trx, projectId, emailId));
  } catch (err) {
    // The reader's mail client gets its pixel whatever happens here; an open lost to a database
    // failure is only a missed count.
    deps.log.warn({ err, emailId: t.e }, 'open not recorded');
  }
}

/**
 * Records a click for a valid click token and answers the URL signed into it, the only place the link
 * may lead. 404 LINK_NOT_FOUND for a tampered token, another kind of token, or a signed URL that is
 * not plain http(s) (never an open redirect, nor a `javascript:` one). A valid link of a deleted email
 * still redirects, recording nothing; so does any link with `count: false` (a HEAD request).
 */
export async function recordClick(deps: TrackingDeps, token: string, count = true): Promise<string> {
  const t = readClickToken(deps.secrets.signingSecret, token);
  if (!t || typeof t.p !== 'string' || typeof t.e !== 'string') throw notFound('LINK');
  const { p: projectId, e: emailId } = t;
  const url = redirectTarget(t.u);
  if (!url) throw notFound('LINK');
  if (!count) return url;
  await deps.db.transaction().execute((trx) => countClick(deps, trx, projectId, emailId, url));
  return url;
}

/**
 * The signed URL when it is an absolute http(s) URL that fits a Location header as it is (printable
 * ASCII, which withTracking guarantees by signing the parsed form); undefined otherwise.
 */
function redirectTarget(signed: string): string | undefined {
  if (!/^https?:\/\/[\x21-\x7e]+$/i.test(signed)) return undefined;
  try {
    const { protocol } = new URL(signed);
    return protocol === 'http:' || protocol === 'https:' ? signed : undefined;
  } catch {
    return undefined;
  }
}
