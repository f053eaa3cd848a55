/**
 * SQL of a project's suppression rules: adding them (an existing rule in force is kept, an expired
 * one replaced), the rules in force for some addresses and domains, the list newest first, one rule,
 * its deletion, and the keyset pages the cache and the export read. Every query is scoped to the project.
 */
import { type Selectable, sql } from 'kysely';
import { likeContaining } from '../db/dialect.ts';
import type { Executor } from '../db/index.ts';
import type { SuppressionReason, SuppressionsTable } from '../db/schema.ts';

export type RuleRow = Pick<
  Selectable<SuppressionsTable>,
  'id' | 'email' | 'domain' | 'reason' | 'note' | 'emailId' | 'expiresAt' | 'createdAt'
>;

const COLUMNS = ['id', 'email', 'domain', 'reason', 'note', 'emailId', 'expiresAt', 'createdAt'] as const;

export interface NewRule {
  id: string;
  email: string | null;
  domain: string | null;
  reason: SuppressionReason;
  note: string | null;
  emailId: string | null;
  expiresAt: Date | null;
}

/** Rules in force at `now`: no expiry, or one still ahead. */
const inForce = (now: Date) => sql<boolean>`(expires_at is null or expires_at > ${now.toISOString()})`;

/**
 * Inserts the rules of one kind (`column`: all have an email, or all a domain; no target twice). A
 * target whose rule is in force keeps it; one whose rule expired gets the new rule (a new id). Answers
 * the rows written.
 */
async function upsertBy(
  db: Executor,
  projectId: string,
  column: 'email' | 'domain',
  rules: NewRule[],
  now: Date,
): Promise<RuleRow[]> {
  if (rules.length === 0) return [];
  return db
    .insertInto('suppressions')
    .values(rules.map((r) => ({ ...r, projectId, createdAt: now })))
    .onConflict((oc) =>
      oc
        .columns(['projectId', column])
        .doUpdateSet((eb) => ({
          id: eb.ref('excluded.id'),
          reason: eb.ref('excluded.reason'),
          note: eb.ref('excluded.note'),
          emailId: eb.ref('excluded.emailId'),
          expiresAt: eb.ref('excluded.expiresAt'),
          createdAt: eb.ref('excluded.createdAt'),
        }))
        .where('suppressions.expiresAt', '<=', now.toISOString()),
    )
    .returning(COLUMNS)
    .execute();
}

/** Adds `rules` (each target once) as upsertBy says; answers the rules written, addresses first. */
export async function upsertRules(db: Executor, projectId: string, rules: NewRule[], now: Date): Promise<RuleRow[]> {
  const addresses = await upsertBy(
    db,
    projectId,
    'email',
    rules.filter((r) => r.email !== null),
    now,
  );
  const domains = await upsertBy(
    db,
    projectId,
    'domain',
    rules.filter((r) => r.domain !== null),
    now,
  );
  return [...addresses, ...domains];
}

/** The rules in force at `now` for any of `emails` or `domains` (the unique indexes). */
export async function findRulesFor(
  db: Executor,
  projectId: string,
  targets: { emails: string[]; domains: string[] },
  now: Date,
): Promise<RuleRow[]> {
  if (targets.emails.length === 0 && targets.domains.length === 0) return [];
  return db
    .selectFrom('suppressions')
    .select(COLUMNS)
    .where('projectId', '=', projectId)
    .where((eb) =>
      eb.or([
        ...(targets.emails.length > 0 ? [eb('email', 'in', targets.emails)] : []),
        ...(targets.domains.length > 0 ? [eb('domain', 'in', targets.domains)] : []),
      ]),
    )
    .where(inForce(now))
    .execute();
}

/** Every rule (in force or not) of `emails` or `domains`. */
export async function findRulesOf(
  db: Executor,
  projectId: string,
  targets: { emails: string[]; domains: string[] },
): Promise<RuleRow[]> {
  if (targets.emails.length === 0 && targets.domains.length === 0) return [];
  return db
    .selectFrom('suppressions')
    .select(COLUMNS)
    .where('projectId', '=', projectId)
    .where((eb) =>
      eb.or([
        ...(targets.emails.length > 0 ? [eb('email', 'in', targets.emails)] : []),
        ...(targets.domains.length > 0 ? [eb('domain', 'in', targets.domains)] : []),
      ]),
    )
    .execute();
}

/** The addresses among `emails` (lower-cased) with an address rule in force. */
export async function findSuppressedEmails(
  db: Executor,
  projectId: string,
  emails: string[],
  now = new Date(),
): Promise<Set<string>> {
  const rows = await findRulesFor(db, projectId, { emails, domains: [] }, now);
  return new Set(rows.map((r) => r.email!));
}

export interface RuleFilter {
  reason?: SuppressionReason;
  /** Lower-cased text the address or the domain contains. */
  q?: string;
}

function matching(db: Executor, projectId: string, f: RuleFilter) {
  const pattern = f.q === undefined ? undefined : likeContaining(f.q);
  return db
    .selectFrom('suppressions')
    .where('projectId', '=', projectId)
    .$if(f.reason !== undefined, (q) => q.where('reason', '=', f.reason!))
    .$if(pattern !== undefined, (q) =>
      q.where(sql<boolean>`(email like ${pattern} escape '\\' or domain like ${pattern} escape '\\')`),
    );
}

/** The next `limit` rules after the id `after`, newest first (suppression_rules_project_idx, _reason_idx). */
export function listRules(db: Executor, projectId: string, f: RuleFilter, page: { after?: string; limit: number }) {
  return matching(db, projectId, f)
    .select(COLUMNS)
    .$if(page.after !== undefined, (q) => q.where('id', '<', page.after!))
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
}

/** Matching rules, counted up to `cap` (the count stops reading there). */
export async function countRules(db: Executor, projectId: string, f: RuleFilter, cap: number): Promise<number> {
  const row = await db
    .selectFrom(matching(db, projectId, f).select('id').limit(cap).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One rule of the project, or undefined. */
export function findRule(db: Executor, projectId: string, id: string): Promise<RuleRow | undefined> {
  return db
    .selectFrom('suppressions')
    .select(COLUMNS)
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Deletes one rule of the project; false when it has none by that id. */
export async function deleteRule(db: Executor, projectId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('suppressions')
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The next `limit` rules in force at `now` after the id `after`, oldest first: the cache's load. */
export function listLiveRulesAfter(db: Executor, projectId: string, after: string, limit: number, now: Date) {
  return db
    .selectFrom('suppressions')
    .select(['id', 'email', 'domain', 'expiresAt'])
    .where('projectId', '=', projectId)
    .where('id', '>', after)
    .where(inForce(now))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The next `limit` rules after the id `after`, oldest first: a page of the export. */
export function listRulesAfter(db: Executor, projectId: string, after: string, limit: number) {
  return db
    .selectFrom('suppressions')
    .select(COLUMNS)
    .where('projectId', '=', projectId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}
