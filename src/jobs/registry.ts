/** Every job the product runs, and the recurring ones. A feature adds its handlers here. */
import { pruneLoginThrottle } from '../auth/auth.service.ts';
import { contactCron, contactTasks } from '../contacts/contacts.jobs.ts';
import { coverageTasks } from '../contacts/fields/coverage.ts';
import type { Deps } from '../deps.ts';
import { domainCron, domainTasks } from '../domains/domains.jobs.ts';
import { pruneFailedJobs } from './maintenance.ts';
import type { CronEntry, TaskList } from './types.ts';

/** Handlers by job name (`feature.action`); each re-reads its rows and is safe to run twice. */
export function taskList(deps: Deps): TaskList {
  return {
    ...domainTasks(deps),
    ...contactTasks(deps),
    ...coverageTasks(deps),
    'contact.search.index': async () => deps.searchIndex.catchUp(),
    'maintenance.prune': async () => {
      await pruneLoginThrottle(deps);
      await pruneFailedJobs(deps);
    },
  };
}

export const cronEntries: CronEntry[] = [
  { task: 'maintenance.prune', pattern: '17 * * * *' },
  ...domainCron,
  ...contactCron,
  // A backstop for the pokes writes give (a restart between a write and its poke's run).
  { task: 'contact.search.index', pattern: '* * * * *' },
];
