/**
 * The campaigns feature's jobs: the fan-out (`campaign.dispatch`, a job-row kind), the start of a
 * scheduled campaign at its time (`campaign.start`), the end of sending (`campaign.finish`), and a
 * minutely tick that starts due SCHEDULED campaigns, ends walked SENDING ones and decides A/B tests
 * whose wait is over whatever job was lost (the rows are the truth); an A/B test's decision
 * (`campaign.ab.decide`).
 */
import type { Deps } from '../deps.ts';
import type { CronEntry, TaskList } from '../jobs/types.ts';
import { DECIDE_JOB, decideDueTests, decideWinner } from './ab/ab-send.service.ts';
import { finishCampaign, START_JOB, startScheduledCampaign } from './campaign-send.service.ts';
import { listDueScheduled } from './campaigns.repo.ts';
import { listWalkedSending } from './dispatch/dispatch.repo.ts';
import { dispatchKind, FINISH_JOB } from './dispatch/dispatch.ts';

const TICK_PAGE = 100;

/** Job-row kinds: the composition root registers their tasks and their sweep. */
export const campaignKinds = [dispatchKind];

/** Starts every due SCHEDULED campaign and ends every walked SENDING campaign that is done. */
export async function campaignTick(deps: Deps): Promise<void> {
  for (const id of await listDueScheduled(deps.db, deps.clock.now(), TICK_PAGE)) {
    await startScheduledCampaign(deps, id);
  }
  for (const id of await listWalkedSending(deps.db, TICK_PAGE)) await finishCampaign(deps, id);
  await decideDueTests(deps, TICK_PAGE);
}

/** Handlers by job name; payloads carry only the campaign's id. */
export function campaignTasks(deps: Deps): TaskList {
  return {
    [START_JOB]: async (payload) => startScheduledCampaign(deps, String(payload.campaignId)),
    [FINISH_JOB]: async (payload) => finishCampaign(deps, String(payload.campaignId)),
    [DECIDE_JOB]: async (payload) => decideWinner(deps, String(payload.campaignId)),
    'campaign.schedule': async () => campaignTick(deps),
  };
}

/** A scheduled campaign starts at most a minute late even if its start job was lost. */
export const campaignCron: CronEntry[] = [{ task: 'campaign.schedule', pattern: '* * * * *' }];
