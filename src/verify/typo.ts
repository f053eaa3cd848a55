import { POPULAR_DOMAINS, run } from '@zootools/email-spell-checker';
import { parseAddress } from './address.ts';
import { isAliasDomain, isPersonalDomain } from './lists.ts';

export interface DomainSuggestion {
  suggestedEmail: string;
  domain: string;
}

// The checker matches yahoo/hotmail/mail/live/outlook only as second-level names (its default config, not exported),
// so hotmail.con became hotmail.co; listing their .com forms lets whole-domain matching find them.
const CANDIDATES = [
  ...new Set([...POPULAR_DOMAINS, 'yahoo.com', 'hotmail.com', 'mail.com', 'live.com', 'outlook.com']),
];

let popular: Set<string> | undefined;

// Disposable domains are deliberately not "known": that list holds typo-squats such as gmial.com and hotmial.com.
function isKnownProvider(domain: string): boolean {
  popular ??= new Set(CANDIDATES);
  return popular.has(domain) || isPersonalDomain(domain) || isAliasDomain(domain);
}

// Optimal string alignment distance (Levenshtein plus adjacent transpositions); inputs are ≤ 253 characters.
function editDistance(a: string, b: string): number {
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, prevPrev[j - 2]! + 1);
      row.push(best);
    }
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * Suggests a corrected address when the domain looks like a misspelt popular provider (gmial.com → gmail.com).
 * Returns undefined for unparseable input and for domains that are themselves known providers.
 */
export function suggestDomain(email: string): DomainSuggestion | undefined {
  const parsed = parseAddress(email);
  if (!parsed.ok || isKnownProvider(parsed.domain)) return undefined;
  const domain = closestPopular(parsed.domain) ?? dotComProvider(parsed.domain) ?? checkerSuggestion(parsed.domain);
  if (!domain) return undefined;
  const local = parsed.normalized.slice(0, parsed.normalized.lastIndexOf('@'));
  return { suggestedEmail: `${local}@${domain}`, domain };
}

// A typo is one slip, or two in a longer name; the checker's own threshold is looser (acme.com → me.com).
// Names of three letters or fewer are mostly real (qz.com, ms.com), so there only the TLD may have slipped.
function isNearMiss(typed: string, candidate: string): boolean {
  const label = typed.slice(0, typed.indexOf('.'));
  if (label.length <= 3 && !candidate.startsWith(`${label}.`)) return false;
  return editDistance(typed, candidate) <= (typed.length >= 10 ? 2 : 1);
}

// The nearest whole popular domain within reach beats the checker's sift3 pick, which prefers shorter matches.
function closestPopular(typed: string): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of CANDIDATES) {
    const distance = editDistance(typed, candidate);
    if (distance < bestDistance && isNearMiss(typed, candidate)) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

// A slipped ".com" on a known provider (gmx.con); the checker would pick the nearer-looking ".co".
function dotComProvider(typed: string): string | undefined {
  const dot = typed.lastIndexOf('.');
  const candidate = `${typed.slice(0, dot)}.com`;
  return editDistance(typed.slice(dot + 1), 'com') === 1 && isKnownProvider(candidate) ? candidate : undefined;
}

function checkerSuggestion(typed: string): string | undefined {
  // The checker only looks at the domain, so a neutral local part keeps odd quoting out of its parser.
  const hit = run({ email: `x@${typed}`, domains: CANDIDATES });
  return hit && hit.domain !== typed && isNearMiss(typed, hit.domain) ? hit.domain : undefined;
}
