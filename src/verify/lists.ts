import { createRequire } from 'node:module';
import { disposableEmailBlocklist } from 'disposable-email-domains-js';

const require = createRequire(import.meta.url);

// Forwarding (alias) services; no maintained npm package ships this list, so it is kept here by hand.
// Each service hands out addresses on these domains or on per-user subdomains of them.
const ALIAS_DOMAINS = [
  'privaterelay.appleid.com', // Apple Hide My Email
  'mozmail.com', // Firefox Relay (user.mozmail.com)
  'relay.firefox.com', // Firefox Relay, older addresses
  'duck.com', // DuckDuckGo Email Protection
  'simplelogin.com', // SimpleLogin and its shared alias domains
  'simplelogin.co',
  'simplelogin.fr',
  'aleeas.com',
  'slmail.me',
  'silomails.com',
  'slmails.com',
  '8alias.com',
  '8shield.net',
  'dralias.com',
  'anonaddy.com', // addy.io (user.anonaddy.com, shared @anonaddy.me)
  'anonaddy.me',
  'addy.io',
  'addymail.com',
  'passmail.net', // Proton Pass aliases
  'passmail.com',
  'passinbox.com',
  'passfwd.com',
  '33mail.com', // 33mail (user.33mail.com)
];

let disposable: Set<string> | undefined;
let personal: Set<string> | undefined;
let alias: Set<string> | undefined;

function disposableSet(): Set<string> {
  disposable ??= new Set(disposableEmailBlocklist());
  return disposable;
}

function personalSet(): Set<string> {
  if (!personal) {
    // free-email-domains ships its list in the tarball (domains.json); its postinstall only refreshes it.
    const list: unknown = require('free-email-domains');
    if (!Array.isArray(list)) throw new Error('free-email-domains did not export an array');
    // That list also merges two disposable blocklists; a throwaway domain is not a personal mailbox.
    const throwaway = disposableSet();
    personal = new Set(list.filter((d): d is string => typeof d === 'string' && !throwaway.has(d)));
  }
  return personal;
}

function aliasSet(): Set<string> {
  alias ??= new Set(ALIAS_DOMAINS);
  return alias;
}

function normalize(domain: string): string {
  const d = domain.trim().toLowerCase();
  return d.endsWith('.') ? d.slice(0, -1) : d;
}

// True when the domain or one of its parent domains is in the set (x.mozmail.com matches mozmail.com).
function inSetOrParent(set: Set<string>, domain: string): boolean {
  let d = normalize(domain);
  for (;;) {
    if (set.has(d)) return true;
    const dot = d.indexOf('.');
    if (dot < 0) return false;
    d = d.slice(dot + 1);
  }
}

/** True when the domain, or a parent of it, is on the disposable-email blocklist. */
export function isDisposableDomain(domain: string): boolean {
  return inSetOrParent(disposableSet(), domain);
}

/**
 * True when the domain is a free/personal mail provider (gmail.com, gmx.de, …).
 * Exact match only: the list holds names such as `net.ua` and `go.ro` whose subdomains are businesses.
 */
export function isPersonalDomain(domain: string): boolean {
  return personalSet().has(normalize(domain));
}

/** True when the domain, or a parent of it, belongs to an email forwarding (alias) service. */
export function isAliasDomain(domain: string): boolean {
  return inSetOrParent(aliasSet(), domain);
}
