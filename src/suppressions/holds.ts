/**
 * The suppression rules as sending applies them: which recipients a rule in force holds, and which
 * rule. The cached index (rule-cache.ts) answers "no rule" for almost every recipient without a
 * statement; the few it may hold are confirmed in the database, which names the rule. An address rule
 * comes before a domain rule, and either before an erasure (an erased address holds every email but a
 * sign-up's confirmation to it: src/privacy/erased.ts).
 */
import type { Deps } from '../deps.ts';
import { confirmationsAmong, ERASED_REASON, findErased, type MailToHold } from '../privacy/erased.ts';
import { domainOf } from './rules.ts';
import { findRulesFor } from './suppressions.repo.ts';
import type { RuleReason } from './suppressions.schemas.ts';

type HoldDeps = Pick<Deps, 'db' | 'reader' | 'clock' | 'suppressionRules'>;

/** The rule that holds an email: `suppressedBy` in the email log. */
export interface HoldingRule {
  id: string;
  reason: RuleReason;
}

/** Why one outbox row is not sent: the rule, and the text its SUPPRESSED status records (an erasure's). */
export interface Hold {
  rule: HoldingRule;
  lastError?: string;
}

/** The addresses of `emails` (any case) some rule may hold: all of them while the index cannot be trusted. */
async function candidatesOf(deps: HoldDeps, projectId: string, emails: string[]): Promise<string[]> {
  const index = await deps.suppressionRules.read(deps.db, projectId);
  if (!index) return emails;
  const now = deps.clock.now().getTime();
  return emails.filter((e) => index.mayHold(e, now));
}

/**
 * The rules in force holding each of `emails` (lower-cased addresses), address rules before domain
 * rules; the erased ones apart, with their ERASED rule ids. Reads the database only for candidates.
 */
async function rulesHolding(
  deps: HoldDeps,
  projectId: string,
  emails: string[],
): Promise<{ listed: Map<string, HoldingRule>; erased: Map<string, string> }> {
  const candidates = await candidatesOf(deps, projectId, emails);
  if (candidates.length === 0) return { listed: new Map(), erased: new Map() };
  const domains = [...new Set(candidates.map(domainOf))];
  // Both at once: this runs for every batch delivery claims that has a candidate.
  const [rules, erased] = await Promise.all([
    findRulesFor(deps.reader, projectId, { emails: candidates, domains }, deps.clock.now()),
    findErased(deps, projectId, candidates),
  ]);
  const byAddress = new Map(rules.filter((r) => r.email !== null).map((r) => [r.email!, r]));
  const byDomain = new Map(rules.filter((r) => r.domain !== null).map((r) => [r.domain!, r]));
  const listed = new Map<string, HoldingRule>();
  for (const email of candidates) {
    const rule = byAddress.get(email) ?? byDomain.get(domainOf(email));
    if (rule) listed.set(email, { id: rule.id, reason: rule.reason });
  }
  return { listed, erased };
}

/**
 * The recipients among `emails` (contacts' lower-cased addresses) that must get no more mail: a rule
 * in force holds them or their address was erased. Campaign fan-outs leave them out.
 */
export async function findSuppressed(deps: HoldDeps, projectId: string, emails: string[]): Promise<Set<string>> {
  const { listed, erased } = await rulesHolding(deps, projectId, emails);
  return new Set([...listed.keys(), ...erased.keys()]);
}

/**
 * The outbox rows among `rows` that must not be sent, by id, each with its hold: the rule, and for an
 * erased address the reason its SUPPRESSED status records. A sign-up's confirmation to an erased
 * address (and to no listed one) still goes.
 */
export async function findHeldBack(deps: HoldDeps, projectId: string, rows: MailToHold[]): Promise<Map<string, Hold>> {
  const emails = [...new Set(rows.map((r) => r.toEmail.toLowerCase()))];
  const { listed, erased } = await rulesHolding(deps, projectId, emails);
  const held = new Map<string, Hold>();
  if (listed.size === 0 && erased.size === 0) return held;
  const onlyErased = rows.filter((r) => {
    const to = r.toEmail.toLowerCase();
    return erased.has(to) && !listed.has(to);
  });
  const confirmations = await confirmationsAmong(deps, projectId, onlyErased);
  for (const r of rows) {
    const to = r.toEmail.toLowerCase();
    const rule = listed.get(to);
    const erasedId = erased.get(to);
    if (rule) held.set(r.id, { rule });
    else if (erasedId !== undefined && !confirmations.has(r.id)) {
      held.set(r.id, { rule: { id: erasedId, reason: 'ERASED' }, lastError: ERASED_REASON });
    }
  }
  return held;
}
