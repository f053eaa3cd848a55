/**
 * The composition root: the one place that names every feature's jobs, recurring jobs, event
 * listeners, usage lookups and process-wide state, and hands them to `assembleDeps`. main.ts
 * and the test environment build their deps here; no module fills a registry by being imported.
 */

import { pruneAuditLog } from './audit/audit.service.ts';
import type { AuditViews } from './audit/audit-hook.ts';
import { pruneLoginThrottle } from './auth/auth.service.ts';
import { pruneAuthRows } from './auth/auth-maintenance.ts';
import { createOidcClient } from './auth/oidc/oidc-client.ts';
import { pruneSnsMessages } from './bounces/sns.service.ts';
import { campaignFieldUsage } from './campaigns/campaign-usage.ts';
import { campaignCron, campaignKinds, campaignTasks } from './campaigns/campaigns.jobs.ts';
import { getCampaign } from './campaigns/campaigns.service.ts';
import type { Config } from './config.ts';
import type { ContactWatcher } from './contacts/contact-watchers.ts';
import { contactKinds } from './contacts/contacts.jobs.ts';
import { coverageTasks } from './contacts/fields/coverage.ts';
import { createFieldTypeCache } from './contacts/fields/field-type-cache.ts';
import { createSearchIndexer } from './contacts/search-index.ts';
import {
  assembleDeps,
  type CoreDeps,
  type Deps,
  type DepsOptions,
  type FeatureHooks,
  type FeatureState,
  type HookDeps,
  type Wiring,
} from './deps.ts';
import { domainCron, domainTasks } from './domains/domains.jobs.ts';
import { listDomains } from './domains/domains.service.ts';
import { createVerifiedDomainCache } from './domains/verified-cache.ts';
import type { EventListener } from './events/event-listener.ts';
import { pruneIdempotencyKeys } from './http/idempotency.ts';
import { jobRowKindTasks, SWEEP_JOB } from './jobs/job-row-kind.ts';
import { pruneFailedJobs } from './jobs/maintenance.ts';
import type { CronEntry, TaskList } from './jobs/types.ts';
import type { UsageLookup } from './lib/usage.ts';
import { createKeyCache } from './projects/key-cache.ts';
import { getTeam } from './projects/members/members.service.ts';
import { listProjects } from './projects/projects.service.ts';
import { safetyKinds, safetyTasks } from './projects/safety/safety.jobs.ts';
import { segmentFieldUsage, segmentsUsingEvent } from './segments/segment-usage.ts';
import { membershipListener, membershipWatcher, segmentCron, segmentTasks } from './segments/segments.jobs.ts';
import { getSegment } from './segments/segments.service.ts';
import { createTrackedSegmentsCache } from './segments/tracked-cache.ts';
import { sendingCron, sendingTasks } from './sending/sending.jobs.ts';
import { sendingParts } from './sending/sending-parts.ts';
import { prunePendingConfirmations } from './signup/confirmations.service.ts';
import { suppressionKinds } from './suppressions/import/import.jobs.ts';
import { createSuppressionRuleCache } from './suppressions/rule-cache.ts';
import { getTemplate } from './templates/templates.service.ts';
import { createTopicCache } from './topics/topic-cache.ts';
import { getTopic } from './topics/topics.service.ts';
import { createProjectSenders } from './transports/senders.ts';
import { getTransport } from './transports/transports.service.ts';
import { pruneUploadStaging } from './uploads/staging.ts';
import { getEndpoint } from './webhooks/endpoints.service.ts';
import { webhookEventListener } from './webhooks/event-messages.ts';
import { webhookParts } from './webhooks/webhook-parts.ts';
import { webhookCron, webhookTasks } from './webhooks/webhooks.jobs.ts';
import { createWorkflowTriggerCache } from './workflows/trigger-cache.ts';
import { workflowListener } from './workflows/triggers.ts';
import { workflowEventUsage, workflowFieldUsage, workflowTemplateUsage } from './workflows/usage.ts';
import { createWorkflowWaker } from './workflows/waker.ts';
import { workflowCron, workflowKinds, workflowTasks } from './workflows/workflows.jobs.ts';
import { getWorkflow } from './workflows/workflows.service.ts';

/** Every resumable job (src/jobs/job-row-kind.ts): each gets its task, the one sweep, hand-over on stop. */
export const jobRowKinds = [...contactKinds, ...campaignKinds, ...workflowKinds, ...safetyKinds, ...suppressionKinds];

/** Handlers by job name (`feature.action`); each re-reads its rows and is safe to run twice. */
export function taskList(deps: Deps): TaskList {
  return {
    ...domainTasks(deps),
    ...jobRowKindTasks(deps, jobRowKinds),
    ...coverageTasks(deps),
    ...sendingTasks(deps),
    ...campaignTasks(deps),
    ...segmentTasks(deps),
    ...workflowTasks(deps),
    ...safetyTasks(deps),
    ...webhookTasks(deps),
    'contact.search.index': async () => deps.searchIndex.catchUp(),
    'maintenance.prune': async () => {
      await pruneLoginThrottle(deps);
      await pruneAuthRows(deps);
      await pruneFailedJobs(deps);
      await pruneIdempotencyKeys(deps);
      await pruneSnsMessages(deps);
      await pruneUploadStaging(deps);
      await prunePendingConfirmations(deps);
      await pruneAuditLog(deps);
    },
  };
}

export const cronEntries: CronEntry[] = [
  { task: 'maintenance.prune', pattern: '17 * * * *' },
  ...domainCron,
  // Takes back the rows of every job-row kind whose run was lost.
  { task: SWEEP_JOB, pattern: '* * * * *' },
  ...sendingCron,
  ...campaignCron,
  ...segmentCron,
  ...workflowCron,
  ...webhookCron,
  // A backstop for the pokes writes give (a restart between a write and its poke's run).
  { task: 'contact.search.index', pattern: '* * * * *' },
];

/** Listeners run in the transaction that stores events: segment membership, workflow triggers, webhook messages. */
export function eventListeners(deps: HookDeps): EventListener[] {
  return [membershipListener(deps), workflowListener(deps), webhookEventListener(deps)];
}

/** Told which contacts a contact write changed: segments' tracked membership. */
export function contactWatchers(deps: HookDeps): ContactWatcher[] {
  return [membershipWatcher(deps)];
}

/** Lookups behind GET /contacts/fields/:field/usage. */
export function fieldUsageLookups(deps: HookDeps): UsageLookup[] {
  return [segmentFieldUsage(deps), campaignFieldUsage(deps), workflowFieldUsage(deps)];
}

/** Lookups behind GET /templates/:id/usage (campaigns carry their own content, so only workflows name templates). */
export function templateUsageLookups(deps: HookDeps): UsageLookup[] {
  return [workflowTemplateUsage(deps)];
}

/** Lookups behind GET /events/:eventName/usage. */
export function eventUsageLookups(deps: HookDeps): UsageLookup[] {
  return [
    async (projectId, eventName) => ({ segments: await segmentsUsingEvent(deps, projectId, eventName) }),
    workflowEventUsage(deps),
  ];
}

/** The product's hooks. */
export function hooks(deps: HookDeps): FeatureHooks {
  return {
    eventListeners: eventListeners(deps),
    contactWatchers: contactWatchers(deps),
    fieldUsage: fieldUsageLookups(deps),
    templateUsage: templateUsageLookups(deps),
    eventUsage: eventUsageLookups(deps),
  };
}

/**
 * Every feature's process-wide state, each built in its feature's folder. Every cache is defined on
 * `core.caches`, so a project reset forgets them all.
 */
export function featureState(core: CoreDeps): FeatureState {
  return {
    keyCache: createKeyCache(core.caches),
    fieldTypes: createFieldTypeCache(core.caches),
    topics: createTopicCache(core.caches),
    verifiedDomains: createVerifiedDomainCache(core.caches),
    suppressionRules: createSuppressionRuleCache(core),
    trackedSegments: createTrackedSegmentsCache(core.caches),
    workflowTriggers: createWorkflowTriggerCache(core.caches),
    workflowWaker: createWorkflowWaker(core.changes, core.jobs),
    searchIndex: createSearchIndexer(core),
    transports: createProjectSenders(core),
    oidc: createOidcClient(core),
    ...sendingParts(core),
    ...webhookParts(core),
  };
}

/**
 * Each resource type's API view as the audit log compares it before and after a change
 * (audit/audit-hook.ts). Contacts have none on purpose: the log must not keep a person's data, which
 * an erasure could then not reach.
 */
export function auditViews(deps: Deps): AuditViews {
  return {
    template: ({ projectId, id }) => getTemplate(deps, projectId, id),
    campaign: ({ projectId, id }) => getCampaign(deps, projectId, id),
    segment: ({ projectId, id }) => getSegment(deps, projectId, id),
    workflow: ({ projectId, id }) => getWorkflow(deps, projectId, id),
    topic: ({ projectId, id }) => getTopic(deps, projectId, id),
    webhook_endpoint: ({ projectId, id }) => getEndpoint(deps, projectId, id),
    transport: ({ projectId, id }) => getTransport(deps, projectId, id),
    domain: async ({ projectId, id }) => (await listDomains(deps, projectId, projectId)).find((d) => d.id === id),
    project: async ({ id, userId }) =>
      userId ? (await listProjects(deps, userId)).find((p) => p.id === id) : undefined,
    member: async ({ projectId, id }) => (await getTeam(deps, projectId)).members.find((m) => m.userId === id),
  };
}

/** The product's wiring. */
export const productWiring: Wiring = {
  state: featureState,
  hooks,
  tasks: taskList,
  cron: cronEntries,
  async stop(deps) {
    await deps.searchIndex.stop();
    await deps.transports.close();
  },
};

export interface ComposeOptions extends DepsOptions {
  /** Replaces the task list (tests that need a task of their own). */
  tasks?: (deps: Deps) => TaskList;
  /** Listeners run after the product's own (tests observing events). */
  eventListeners?: (deps: HookDeps) => EventListener[];
  /** Lookups asked after the product's own. */
  fieldUsage?: (deps: HookDeps) => UsageLookup[];
  /** Template lookups asked after the product's own. */
  templateUsage?: (deps: HookDeps) => UsageLookup[];
  /** Event-name lookups asked after the product's own. */
  eventUsage?: (deps: HookDeps) => UsageLookup[];
}

/** The product's deps: the infrastructure for `config` with every feature wired in. */
export async function createDeps(config: Config, options: ComposeOptions = {}) {
  const { tasks, eventListeners: listeners, fieldUsage, templateUsage, eventUsage, ...rest } = options;
  return assembleDeps(
    config,
    {
      ...productWiring,
      tasks: tasks ?? productWiring.tasks,
      hooks(deps) {
        const own = productWiring.hooks(deps);
        return {
          ...own,
          eventListeners: [...own.eventListeners, ...(listeners?.(deps) ?? [])],
          fieldUsage: [...own.fieldUsage, ...(fieldUsage?.(deps) ?? [])],
          templateUsage: [...own.templateUsage, ...(templateUsage?.(deps) ?? [])],
          eventUsage: [...own.eventUsage, ...(eventUsage?.(deps) ?? [])],
        };
      },
    },
    rest,
  );
}
