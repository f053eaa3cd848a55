/**
 * The campaigns feature's jobs: the fan-out (`campaign.dispatch`), the start of a scheduled campaign at
 * its time (`campaign.start`), the end of sending (`campaign.finish`), and two minutely ticks: one that
 * starts due SCHEDULED campaigns and ends walked SENDING ones whatever job was lost (the rows are the
 * truth), and the sweep that re-queues a fan-out whose run was lost.
 */
import type { Deps } from '../deps.ts';
import { sweepJobRows } from '../jobs/job-rows.ts';
import type { CronEntry, TaskList } from '../jobs/types.ts';
import { finishCampaign, START_JOB, startScheduledCampaign } from './campaign-send.service.ts';
import { listDueScheduled } from './campaigns.repo.ts';
import { listWalkedSending } from './dispatch/dispatch.repo.ts';
import { DISPATCH_JOB, dispatchPolicy, FINISH_JOB, queueDispatchRuns, runDispatch } from './dispatch/dispatch.ts';

const TICK_PAGE = 100;

/**
 * Takes back fan-out rows whose run was lost (a worker that died mid-walk: its lease ran out, and
 * Graphile would retry the queue job only hours later) and re-queues them; the job key keeps it to one
 * pending run. Rows out of runs fail as interrupted too often.
 */
export async function sweepCampaignDispatches(
  deps: Pick<Deps, 'db' | 'dialect' | 'jobs' | 'clock' | 'config' | 'log'>,
) {
  const out = await sweepJobRows(deps, dispatchPolicy(deps.config), (ids, trx) => queueDispatchRuns(deps, ids, trx));
  if (out.requeued + out.failed > 0) deps.log.warn(out, 'took back campaign fan-outs whose run was lost');
}

/** Starts every due SCHEDULED campaign and ends every walked SENDING campaign that is done. */
export async function campaignTick(deps: Deps): Promise<void> {
  for (const id of await listDueScheduled(deps.db, deps.clock.now(), TICK_PAGE)) {
    await startScheduledCampaign(deps, id);
  }
  for (const id of await listWalkedSending(deps.db, TICK_PAGE)) await finishCampaign(deps, id);
}

/** Handlers by job name; payloads carry only the campaign's id. */
export function campaignTasks(deps: Deps): TaskList {
  return {
    // On SIGTERM a fan-out stops after the batch in hand and hands its walk to another worker.
    [DISPATCH_JOB]: async (payload, context) =>
      runDispatch(deps, String(payload.campaignId), { shouldStop: () => context.signal?.aborted === true }),
    [START_JOB]: async (payload) => startScheduledCampaign(deps, String(payload.campaignId)),
    [FINISH_JOB]: async (payload) => finishCampaign(deps, String(payload.campaignId)),
    'campaign.schedule': async () => campaignTick(deps),
    'campaign.sweep': async () => sweepCampaignDispatches(deps),
  };
}

/** A scheduled campaign starts at most a minute late even if its start job was lost; a lost fan-out resumes within its lease plus a minute. */
export const campaignCron: CronEntry[] = [
  { task: 'campaign.schedule', pattern: '* * * * *' },
  { task: 'campaign.sweep', pattern: '* * * * *' },
];
