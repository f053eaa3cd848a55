/** The onboarding state of a project: which first steps have happened, and when. */
import type { Deps } from '../../deps.ts';
import { getMemberProject } from '../projects.service.ts';
import type { SetupStateView } from './safety.schemas.ts';
import { findSetupMoments } from './setup-state.repo.ts';

/** Every step from one indexed probe each; members of any role may read it, disabled or not. */
export async function getSetupState(
  deps: Pick<Deps, 'db' | 'reader'>,
  userId: string,
  projectId: string,
): Promise<SetupStateView> {
  await getMemberProject(deps, userId, projectId);
  const moments = await findSetupMoments(deps.reader, projectId);
  const steps = Object.fromEntries(
    Object.entries(moments).map(([name, at]) => [name, { done: at !== null, at }]),
  ) as SetupStateView['steps'];
  const all = Object.values(steps);
  return { steps, completed: all.filter((s) => s.done).length, total: all.length };
}
