/**
 * The suppression list (beyond.md §10): rules added by hand, by bounces and complaints, or by an
 * import, listed with the erased addresses (as ERASED rules), deleted, and exported. Every write of a
 * rule tells the rule cache (rule-cache.ts) in its transaction, so sending sees it at once.
 */
import { normalizeEmail } from '../contacts/email.ts';
import type { Executor } from '../db/index.ts';
import type { SuppressionReason } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { conflict, type FieldError, invalid, invalidFields, notFound } from '../errors.ts';
import { decodeCursor, toCursorPage } from '../http/pagination.ts';
import { newId } from '../lib/ids.ts';
import { countErasedEntries, type ErasedEntry, findErasedEntry, listErasedEntries } from '../privacy/erased.ts';
import type { RuleAdd } from './rule-cache.ts';
import { parseDomain, parseTarget, type RuleTarget } from './rules.ts';
import * as repo from './suppressions.repo.ts';
import {
  type AddedSuppressions,
  type AddSuppressionsBody,
  type ListSuppressionsQuery,
  MAX_RULES_PER_REQUEST,
  type SuppressionPage,
  type SuppressionRule,
} from './suppressions.schemas.ts';

/** `total` stops here, as the email log's does. */
export const COUNT_CAP = 10_000;
/** What an ERASED rule's note says: the address itself is not kept. */
export const ERASED_NOTE = "Erased at the person's request: only a hash of the address is kept.";

const iso = (at: string | null) => (at === null ? null : new Date(at).toISOString());

/** A rule's API view: its `address` or its `domain`, never both. */
export function toRuleView(row: repo.RuleRow): SuppressionRule {
  return {
    id: row.id,
    ...(row.email !== null ? { address: row.email } : { domain: row.domain! }),
    reason: row.reason,
    note: row.note,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: iso(row.expiresAt),
  };
}

function toErasedView(e: ErasedEntry): SuppressionRule {
  return {
    id: e.id,
    addressHash: e.emailHash,
    reason: 'ERASED',
    note: ERASED_NOTE,
    createdAt: new Date(e.erasedAt).toISOString(),
    expiresAt: null,
  };
}

/** What the index learns of a written rule. */
export function toRuleAdd(row: Pick<repo.RuleRow, 'email' | 'domain' | 'expiresAt'>): RuleAdd {
  const expiresAt = row.expiresAt === null ? null : new Date(row.expiresAt).getTime();
  return row.email !== null
    ? { kind: 'address', value: row.email, expiresAt }
    : { kind: 'domain', value: row.domain!, expiresAt };
}

/**
 * A page of the project's rules newest first, erased addresses among them (as ERASED rules); 422 for
 * a bad cursor. `q` matches inside addresses and domains; an erased address only when `q` is it whole.
 */
export async function listSuppressions(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  query: ListSuppressionsQuery,
): Promise<SuppressionPage> {
  const after = decodeCursor(query.cursor);
  const q = query.q?.trim().toLowerCase() || undefined;
  const reason = query.reason === 'ERASED' ? undefined : query.reason;
  const listed = query.reason !== 'ERASED';
  // The hash is all that is kept of an erased address: only a whole address can find one.
  const erasedAddress = q === undefined ? undefined : normalizeEmail(q);
  const erased = (query.reason === undefined || query.reason === 'ERASED') && (q === undefined || !!erasedAddress);
  const page = { after, limit: query.limit + 1 };
  const [rules, erasedRows] = await Promise.all([
    listed ? repo.listRules(deps.reader, projectId, { reason, q }, page) : [],
    erased ? listErasedEntries(deps.reader, projectId, { ...page, address: erasedAddress }) : [],
  ]);
  const merged = [
    ...rules.map((r) => ({ id: r.id, view: () => toRuleView(r) })),
    ...erasedRows.map((e) => ({ id: e.id, view: () => toErasedView(e) })),
  ]
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, query.limit + 1);
  const count = async () => {
    const [n, m] = await Promise.all([
      listed ? repo.countRules(deps.reader, projectId, { reason, q }, COUNT_CAP) : 0,
      erased ? countErasedEntries(deps.reader, projectId, COUNT_CAP, erasedAddress) : 0,
    ]);
    return Math.min(COUNT_CAP, n + m);
  };
  return toCursorPage(merged, query.limit, after === undefined, count, (r) => r.view());
}

/** `expiresAt` as a future instant; 422 naming it otherwise. */
function expiryOf(raw: string | null | undefined, now: Date): Date | null {
  if (raw === undefined || raw === null) return null;
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw invalid('expiresAt', 'must be an ISO 8601 date-time', 'INVALID_DATE');
  if (at <= now) throw invalid('expiresAt', 'must be in the future');
  return at;
}

/** The targets of a POST body, each once, in the order sent; 422 naming every malformed entry. */
function targetsOf(body: AddSuppressionsBody): RuleTarget[] {
  const addresses = body.addresses ?? [];
  const domains = body.domains ?? [];
  if (addresses.length + domains.length > MAX_RULES_PER_REQUEST) {
    throw invalid('addresses', `at most ${MAX_RULES_PER_REQUEST} addresses and domains together in one request`);
  }
  const errors: FieldError[] = [];
  const targets: RuleTarget[] = [];
  addresses.forEach((text, i) => {
    const p = parseTarget(text);
    if (p.ok) targets.push(p.target);
    else errors.push({ field: `addresses.${i}`, message: p.message, code: 'INVALID_EMAIL' });
  });
  domains.forEach((text, i) => {
    const p = parseDomain(text);
    if (p.ok) targets.push({ domain: p.domain });
    else errors.push({ field: `domains.${i}`, message: p.message, code: 'INVALID_DOMAIN' });
  });
  if (errors.length > 0) throw invalidFields(errors);
  const seen = new Set<string>();
  return targets.filter((t) => {
    const key = 'address' in t ? `a:${t.address}` : `d:${t.domain}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** New MANUAL rules for `targets`, as the repo writes them. */
export function newRules(
  targets: RuleTarget[],
  rule: { reason: SuppressionReason; note: string | null; expiresAt: Date | null; emailId?: string },
): repo.NewRule[] {
  return targets.map((t) => ({
    id: newId(),
    email: 'address' in t ? t.address : null,
    domain: 'domain' in t ? t.domain : null,
    reason: rule.reason,
    note: rule.note,
    emailId: rule.emailId ?? null,
    expiresAt: rule.expiresAt,
  }));
}

/**
 * Writes `rules` in `trx` (a target with a rule in force keeps it) and tells the rule cache; answers
 * the rows written.
 */
export async function writeRules(
  deps: Pick<Deps, 'suppressionRules'>,
  trx: Executor,
  projectId: string,
  rules: repo.NewRule[],
  now: Date,
): Promise<repo.RuleRow[]> {
  const written = await repo.upsertRules(trx, projectId, rules, now);
  await deps.suppressionRules.added(trx, projectId, written.map(toRuleAdd));
  return written;
}

/**
 * The rule a hard bounce or a complaint puts on the address, in the report's transaction `trx`; an
 * address with a rule in force keeps it (an expired one is replaced).
 */
export async function addFeedbackRule(
  deps: Pick<Deps, 'clock' | 'suppressionRules'>,
  trx: Executor,
  report: { projectId: string; email: string; reason: 'BOUNCE' | 'COMPLAINT'; emailId: string },
): Promise<void> {
  const target = { address: report.email.trim().toLowerCase() };
  const rules = newRules([target], { reason: report.reason, note: null, expiresAt: null, emailId: report.emailId });
  await writeRules(deps, trx, report.projectId, rules, deps.clock.now());
}

/**
 * POST /suppressions: MANUAL rules for the addresses and domains sent (at most 1,000 together), with
 * the note and expiry; an address or domain that has a rule in force keeps it. Answers the rules now
 * in force for what was sent, in the order sent. 422 naming each malformed entry (`addresses.3`),
 * and then nothing is written.
 */
export async function addSuppressions(
  deps: Pick<Deps, 'db' | 'clock' | 'suppressionRules'>,
  projectId: string,
  body: AddSuppressionsBody,
): Promise<AddedSuppressions> {
  const now = deps.clock.now();
  const expiresAt = expiryOf(body.expiresAt, now);
  const targets = targetsOf(body);
  const note = body.note?.trim() || null;
  const rows = await deps.db.transaction().execute(async (trx) => {
    await writeRules(deps, trx, projectId, newRules(targets, { reason: 'MANUAL', note, expiresAt }), now);
    const emails = targets.flatMap((t) => ('address' in t ? [t.address] : []));
    const domains = targets.flatMap((t) => ('domain' in t ? [t.domain] : []));
    return repo.findRulesOf(trx, projectId, { emails, domains });
  });
  const byTarget = new Map(rows.map((r) => [r.email !== null ? `a:${r.email}` : `d:${r.domain}`, r]));
  const data = targets.flatMap((t) => {
    const row = byTarget.get('address' in t ? `a:${t.address}` : `d:${t.domain}`);
    return row ? [toRuleView(row)] : [];
  });
  return { data };
}

/**
 * DELETE /suppressions/:id: later mail to the address or domain goes again. 404 for a rule the
 * project does not have; 409 for an ERASED rule (an erasure is lifted only by the person's own
 * confirmed sign-up).
 */
export async function deleteSuppression(
  deps: Pick<Deps, 'db' | 'reader' | 'suppressionRules'>,
  projectId: string,
  id: string,
): Promise<void> {
  // Looked up first, so an id the project does not have makes no process reload its rules.
  if (await repo.findRule(deps.db, projectId, id)) {
    await deps.suppressionRules.writing(deps.db, projectId, (trx) => repo.deleteRule(trx, projectId, id));
    return;
  }
  if (await findErasedEntry(deps.reader, projectId, id)) {
    throw conflict(
      "An ERASED rule cannot be deleted: the person's address was erased at their request, and only their own confirmed sign-up makes it mailable again.",
    );
  }
  throw notFound('SUPPRESSION');
}
