/**
 * What each kind of write changes besides its own record: one list per resource, read by that
 * resource's mutations (and by a background job's end, which changes the same). Kept in one file
 * so the lists can be read side by side: a write that shows somewhere must name that place here,
 * and two screens doing the same write can no longer refresh different things.
 */
import type { QueryKey } from '@tanstack/react-query';
import {
  activityKeys,
  analyticsKeys,
  campaignKeys,
  contactKeys,
  domainKeys,
  emailKeys,
  eventKeys,
  executionKeys,
  fieldKeys,
  memberKeys,
  outboxKeys,
  segmentKeys,
  setupKeys,
  suppressionKeys,
  templateKeys,
  topicKeys,
  transportKeys,
  webhookKeys,
  workflowKeys,
} from './keys.ts';

type Affects = (projectId: string) => QueryKey[];

/**
 * Contacts: created, changed, (un)subscribed, imported, erased or deleted. Their fields (types,
 * coverage), the dynamic segments' members, the topics' subscriber counts, the activity feed and
 * the setup checklist's "first contact" follow them.
 */
const contacts: Affects = (p) => [
  contactKeys.all(p),
  fieldKeys.all(p),
  segmentKeys.all(p),
  topicKeys.all(p),
  activityKeys.all(p),
  setupKeys.all(p),
];

/**
 * An email sent from the dashboard (the Overview's test, a template's test): the email log and the
 * capture outbox hold it, the figures, feed and checklist count it, and its recipient becomes a contact.
 */
const sends: Affects = (p) => [
  emailKeys.all(p),
  outboxKeys.all(p),
  analyticsKeys.all(p),
  activityKeys.all(p),
  setupKeys.all(p),
  contactKeys.all(p),
  fieldKeys.all(p),
];

/**
 * Events tracked or deleted: the events' own lists, the contact (created, its fields), the dynamic
 * segments, the feed, the figures and the checklist, and the workflow runs an event starts.
 */
const events: Affects = (p) => [eventKeys.all(p), ...contacts(p), analyticsKeys.all(p), executionKeys.all(p)];

/**
 * Campaigns: created, saved, sent, cancelled, copied or deleted. The analytics list every campaign,
 * the checklist counts the first; a send fills the email log, the outbox and the feed.
 */
const campaigns: Affects = (p) => [
  campaignKeys.all(p),
  analyticsKeys.all(p),
  setupKeys.all(p),
  emailKeys.all(p),
  outboxKeys.all(p),
  activityKeys.all(p),
];

/** Templates: every list, picker and usage of them, and the checklist's "first template". */
const templates: Affects = (p) => [templateKeys.all(p), setupKeys.all(p)];

/**
 * Segments: their lists and members, the campaign audiences and field usage that name them; a
 * recomputed membership records entry and exit events.
 */
const segments: Affects = (p) => [
  segmentKeys.all(p),
  campaignKeys.all(p),
  fieldKeys.all(p),
  eventKeys.all(p),
  activityKeys.all(p),
];

/** Topics: the pickers, and the campaigns that name one (a deleted topic leaves their drafts). */
const topics: Affects = (p) => [topicKeys.all(p), campaignKeys.all(p)];

/**
 * Workflows and their steps: the list, the graph and what a condition can test; the usage of the
 * templates their steps send and of the events their triggers and waits name; the checklist's workflow
 * steps; a deleted workflow's runs, and the feed's upcoming runs, which name their workflow.
 */
const workflows: Affects = (p) => [
  workflowKeys.all(p),
  templateKeys.all(p),
  eventKeys.all(p),
  setupKeys.all(p),
  executionKeys.all(p),
  activityKeys.all(p),
];

/** Workflow runs started or cancelled: the runs, the workflows' counts, the feed and contact timelines, the mail they send. */
const executions: Affects = (p) => [
  executionKeys.all(p),
  workflowKeys.all(p),
  activityKeys.all(p),
  contactKeys.all(p),
  emailKeys.all(p),
];

/** Sending domains: the list (senders, the Overview) and the checklist's domain step. */
const domains: Affects = (p) => [domainKeys.all(p), setupKeys.all(p)];

/**
 * Suppression rules added, imported or deleted: their list, and the campaigns' audience counts, which
 * leave suppressed addresses out.
 */
const suppressions: Affects = (p) => [suppressionKeys.all(p), campaignKeys.all(p)];

/** A contact erased: what any contact write changes, and the ERASED rule that keeps its address from mail. */
const erasure: Affects = (p) => [...contacts(p), suppressionKeys.all(p)];

const webhooks: Affects = (p) => [webhookKeys.all(p)];
const transports: Affects = (p) => [transportKeys.all(p)];
const members: Affects = (p) => [memberKeys.all(p)];

export const affects = {
  contacts,
  sends,
  events,
  campaigns,
  templates,
  segments,
  topics,
  workflows,
  executions,
  domains,
  webhooks,
  transports,
  members,
  suppressions,
  erasure,
};
