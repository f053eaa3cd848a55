/** The two ways an outbound request fails: refused by the guard, or unable to complete. */

/** The guard refused the target (or a redirect's target): nothing was connected to it. Permanent. */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
  constructor(
    readonly reason: string,
    readonly url: string,
  ) {
    super(`Refused to connect to ${url}: ${reason}`);
  }
}

export type OutboundErrorKind = 'timeout' | 'network' | 'redirects' | 'invalid';

/** The request could not complete: timeout, network failure, too many redirects, or an invalid URL or header. */
export class OutboundError extends Error {
  override readonly name = 'OutboundError';
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
