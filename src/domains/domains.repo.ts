/** SQL for sending domains. Every read by id is scoped to the project. */
import type { Executor } from '../db/index.ts';
import { deleteProjectRow, findProjectRow } from '../db/project-rows.ts';
import type { DomainStatus } from '../db/schema.ts';

export interface NewDomain {
  id: string;
  projectId: string;
  domain: string;
  dkimSelector: string;
  dkimPublicKey: string;
  dkimPrivateKey: string;
  createdAt: Date;
}

/** Inserts a PENDING domain; false when the project already has it (unique project_id + domain). */
export async function insertDomain(db: Executor, d: NewDomain): Promise<boolean> {
  const r = await db
    .insertInto('domains')
    .values({
      id: d.id,
      projectId: d.projectId,
      domain: d.domain,
      dkimSelector: d.dkimSelector,
      dkimPublicKey: d.dkimPublicKey,
      dkimPrivateKey: d.dkimPrivateKey,
      status: 'PENDING',
      createdAt: d.createdAt,
      updatedAt: d.createdAt,
    })
    .onConflict((oc) => oc.columns(['projectId', 'domain']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findDomain(db: Executor, projectId: string, id: string) {
  return findProjectRow(db, 'domains', projectId, id);
}

/** For background jobs, which carry only the id. */
export async function findDomainById(db: Executor, id: string) {
  return db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listProjectDomains(db: Executor, projectId: string) {
  return db.selectFrom('domains').selectAll().where('projectId', '=', projectId).orderBy('id').execute();
}

/** Whether a project other than `projectId` holds `domain` verified. */
export async function findVerifiedElsewhere(db: Executor, domain: string, projectId: string) {
  return db
    .selectFrom('domains')
    .select(['id', 'projectId'])
    .where('domain', '=', domain)
    .where('status', '=', 'VERIFIED')
    .where('projectId', '<>', projectId)
    .executeTakeFirst();
}

/** What the sender checks need of a VERIFIED domain (domains/verified-cache.ts). */
export interface VerifiedDomainRow {
  domain: string;
  dkimSelector: string;
  /** Encrypted with the server's key. */
  dkimPrivateKey: string;
}

/** The project's VERIFIED domains. */
export async function listVerifiedDomains(db: Executor, projectId: string): Promise<VerifiedDomainRow[]> {
  return db
    .selectFrom('domains')
    .select(['domain', 'dkimSelector', 'dkimPrivateKey'])
    .where('projectId', '=', projectId)
    .where('status', '=', 'VERIFIED')
    .execute();
}

/** The verified domain among `names` in any project, the most specific first (inbound mail's owner). */
export async function findVerifiedDomainAnywhere(db: Executor, names: string[]) {
  if (names.length === 0) return undefined;
  const rows = await db
    .selectFrom('domains')
    .select(['projectId', 'domain'])
    .where('domain', 'in', names)
    .where('status', '=', 'VERIFIED')
    .orderBy('id')
    .execute();
  return rows.sort((x, y) => y.domain.length - x.domain.length)[0];
}

/**
 * Stores a check's outcome. Returns the previous status (undefined when the row is gone), read and
 * written in one transaction by the caller so that a transition is reported exactly once.
 */
export async function updateDomainCheck(
  db: Executor,
  id: string,
  next: { status: DomainStatus; checkResults: string; checkedAt: Date; verifiedAt: Date | string | null },
) {
  return db
    .updateTable('domains')
    .set({
      status: next.status,
      checkResults: next.checkResults,
      lastCheckedAt: next.checkedAt,
      verifiedAt: next.verifiedAt,
      updatedAt: next.checkedAt,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Moves a domain out of VERIFIED only if it still is; the returned row says this call made the change. */
export async function transitionDomainStatus(db: Executor, id: string, from: DomainStatus, to: DomainStatus) {
  return db
    .updateTable('domains')
    .set({ status: to })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning(['id', 'projectId', 'domain'])
    .executeTakeFirst();
}

export async function deleteDomain(db: Executor, projectId: string, id: string): Promise<boolean> {
  return deleteProjectRow(db, 'domains', projectId, id);
}

/** Ids of domains to recheck, in id order after `afterId`, a page at a time. */
export async function listDomainIdsToRecheck(db: Executor, afterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('domains')
    .select('id')
    .where('status', 'in', ['PENDING', 'VERIFIED'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
