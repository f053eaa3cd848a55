/**
 * The links a sent email carries back to us: subscription pages (unsubscribe, subscribe, manage),
 * tracking (open pixel, click redirect) and the web version. Each carries a signed token naming the
 * project, the contact or email and, for clicks, the one URL it may redirect to. Routes read them back here.
 */
import { signToken, verifyToken } from '../lib/signed-token.ts';

export interface SubscriptionToken extends Record<string, unknown> {
  /** Project id. */
  p: string;
  /** Contact id. */
  c: string;
  /** The email the link came in, when it came in one. */
  e?: string;
  /** The topic the email was sent to: unsubscribing leaves that topic only. */
  t?: string;
}

export interface TrackingToken extends Record<string, unknown> {
  p: string;
  /** Email id. */
  e: string;
  /** Click links: the destination signed into the link. */
  u?: string;
}

/** A web version link: the email it shows. No expiry: a newsletter is read months later (rotating the signing key ends them all). */
export interface WebVersionToken extends Record<string, unknown> {
  p: string;
  /** Email id. */
  e: string;
}

const SUBSCRIPTION = 'subscription';
const OPEN = 'open';
const CLICK = 'click';
const VIEW = 'view';

export interface SubscriptionUrls {
  unsubscribeUrl: string;
  subscribeUrl: string;
  manageUrl: string;
}

/** The three subscription page URLs for a contact (one token serves all three pages). */
export function subscriptionUrls(baseUrl: string, secret: string, token: SubscriptionToken): SubscriptionUrls {
  const t = signToken(secret, SUBSCRIPTION, token);
  return {
    unsubscribeUrl: `${baseUrl}/unsubscribe/${t}`,
    subscribeUrl: `${baseUrl}/subscribe/${t}`,
    manageUrl: `${baseUrl}/manage/${t}`,
  };
}

export const readSubscriptionToken = (secret: string, token: string) =>
  verifyToken<SubscriptionToken>(secret, SUBSCRIPTION, token);

/** The open pixel URL of an email. */
export function openPixelUrl(baseUrl: string, secret: string, token: TrackingToken): string {
  return `${baseUrl}/t/o/${signToken(secret, OPEN, { p: token.p, e: token.e })}`;
}

/** A click link that redirects to `token.u` only. */
export function clickUrl(baseUrl: string, secret: string, token: TrackingToken & { u: string }): string {
  return `${baseUrl}/t/c/${signToken(secret, CLICK, token)}`;
}

export const readOpenToken = (secret: string, token: string) => verifyToken<TrackingToken>(secret, OPEN, token);

export const readClickToken = (secret: string, token: string) => {
  const t = verifyToken<TrackingToken>(secret, CLICK, token);
  return t && typeof t.u === 'string' ? (t as TrackingToken & { u: string }) : undefined;
};

/** The web version URL of an email (GET /view/:token). */
export function webVersionUrl(baseUrl: string, secret: string, token: WebVersionToken): string {
  return `${baseUrl}/view/${signToken(secret, VIEW, { p: token.p, e: token.e })}`;
}

/** The web version token's payload when it is ours and has the shape we sign; undefined otherwise. */
export const readWebVersionToken = (secret: string, token: string): WebVersionToken | undefined => {
  const t = verifyToken<WebVersionToken>(secret, VIEW, token);
  return t && typeof t.p === 'string' && typeof t.e === 'string' ? t : undefined;
};
