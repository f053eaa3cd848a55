/**
 * Project reset (wipe) by an OWNER, with no body as the contract gives it or with the project's name
 * as a confirmation (the dashboard asks for it); the work is a job row that
 * deletes the project's data in slices (safety.jobs.ts), answered 202 with a status to poll. The
 * project itself, its members, keys and settings (and its suspension history) stay.
 */
import type { Deps } from '../../deps.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { isUuid, newId } from '../../lib/ids.ts';
import { requirePermission } from '../permissions.ts';
import { getMemberProject } from '../projects.service.ts';
import * as repo from './reset.repo.ts';
import { resetKind } from './safety.jobs.ts';
import type { ResetBody, ResetView } from './safety.schemas.ts';

export function toResetView(row: repo.ResetRow): ResetView {
  return {
    id: row.id,
    projectId: row.projectId,
    status: row.status,
    deleted: row.deleted,
    failureReason: row.failureReason,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

/** Starts a reset. 422 when a `confirm` other than the project's name is given; 409 while another reset of it runs. */
export async function startReset(
  deps: Pick<Deps, 'db' | 'dialect' | 'jobs' | 'clock'>,
  userId: string,
  projectId: string,
  body: ResetBody,
): Promise<ResetView> {
  const project = await getMemberProject(deps, userId, projectId);
  requirePermission(project.role, 'project.reset');
  // The contract's reset takes no body; a confirmation, when given, must be the name exactly.
  if (body.confirm !== undefined && body.confirm !== project.name) {
    throw invalid('confirm', "must be the project's name, exactly: resetting deletes all of its data");
  }
  const id = newId();
  try {
    await deps.db.transaction().execute(async (trx) => {
      await repo.insertReset(trx, { id, projectId, requestedBy: userId, now: deps.clock.now() });
      await resetKind.queue(deps, [id], trx);
    });
  } catch (err) {
    // project_resets_active_uq: one running reset per project.
    if (deps.dialect.isUniqueViolation(err)) throw conflict('A reset of this project is already running.');
    throw err;
  }
  return getReset(deps, userId, projectId, id);
}

/** A reset of a project the user is a member of; 404 RESET_NOT_FOUND otherwise. */
export async function getReset(
  deps: Pick<Deps, 'db'>,
  userId: string,
  projectId: string,
  resetId: string,
): Promise<ResetView> {
  await getMemberProject(deps, userId, projectId);
  const row = isUuid(resetId) ? await repo.findReset(deps.db, projectId, resetId) : undefined;
  if (!row) throw notFound('RESET');
  return toResetView(row);
}
