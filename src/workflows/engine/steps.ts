/**
 * What each step type does when an execution is at it. A handler decides and prepares (renders,
 * calls out); it never commits: it answers an outcome, and execute.ts commits the outcome's effect
 * with the move to the next step. Handlers must give the same answer when run again for the same
 * arrival (`step_token`), because a crash before the commit runs them again.
 */
import {
  afterUpdateCommitted,
  lockContactsIn,
  prepareUpdate,
  updateContactIn,
} from '../../contacts/contact-update.service.ts';
import { contactZone } from '../../contacts/contact-zone.ts';
import { getContact } from '../../contacts/contacts.service.ts';
import type { Deps } from '../../deps.ts';
import { findEventSince } from '../../events/events.service.ts';
import { nextLocalTime, parseClock } from '../../lib/zoned-time.ts';
import { getSendSettings } from '../../projects/projects.service.ts';
import { contactMatches, loadFilterEnv } from '../../segments/audience.ts';
import {
  conditionTree,
  type DelayConfig,
  type DelayUntil,
  delayMs,
  type ExitConfig,
  type UpdateContactConfig,
  type WaitConfig,
} from '../step-configs.ts';
import { documentsOf, eventDocument } from './documents.ts';
import type { ExecutionRow } from './executions.repo.ts';
import { sendEmailStep } from './send-step.ts';
import type { StepInput, StepOutcome } from './step-types.ts';
import { webhookStep } from './webhook-step.ts';

export type { StepInput, StepOutcome } from './step-types.ts';

/** Runs the step the execution is at and answers what should happen. */
export async function runStep(deps: Deps, input: StepInput): Promise<StepOutcome> {
  const { step } = input;
  switch (step.type) {
    case 'TRIGGER':
      return { kind: 'next' };
    case 'DELAY':
      return delayStep(deps, input);
    case 'WAIT_FOR_EVENT':
      return waitStep(deps, input);
    case 'CONDITION':
      return conditionStep(deps, input);
    case 'SEND_EMAIL':
      return sendEmailStep(deps, input);
    case 'WEBHOOK':
      return webhookStep(deps, input);
    case 'UPDATE_CONTACT':
      return updateContactStep(deps, input);
    case 'EXIT': {
      const reason = (step.config as ExitConfig).reason ?? null;
      return { kind: 'exit', reason, output: { reason } };
    }
  }
}

const entered = (row: ExecutionRow) => new Date(row.stepEnteredAt).getTime();

/** Counted from the arrival at the step, so a restart in between neither shortens nor extends it. */
async function delayStep(deps: Deps, input: StepInput): Promise<StepOutcome> {
  const { row, step, now } = input;
  const config = step.config as unknown as DelayConfig;
  const dueAt =
    'until' in config ? await untilDueAt(deps, input, config.until) : new Date(entered(row) + delayMs(config));
  const ms = dueAt.getTime() - entered(row);
  if (row.resume === 'ELAPSED' || dueAt <= now) return { kind: 'next', output: { delayedMs: ms } };
  return { kind: 'wait', dueAt };
}

/**
 * The first time after the arrival at which the clock in the contact's zone (data.timezone when it is
 * an IANA name, else the project's) shows `localTime`, on one of `days`. Strictly after, so a cycle
 * through the step always waits.
 */
async function untilDueAt(deps: Deps, { row, once }: StepInput, until: DelayUntil): Promise<Date> {
  const projectZone = await once(`zone:${row.projectId}`, async () => {
    return (await getSendSettings(deps, row.projectId)).schedule.timezone;
  });
  const contact = await getContact(deps, row.projectId, row.contactId).catch(() => undefined);
  const zone = contactZone(contact?.data, projectZone);
  return nextLocalTime(new Date(entered(row) + 1), parseClock(until.localTime)!, zone, until.days);
}

/**
 * Waits for the contact's next event of that name, or until the timeout. The wait is committed with
 * the contact's row locked, after a last look for such an event stored since the arrival: an event's
 * listener takes the same lock before it resumes waiting executions, so of the two writers one always
 * sees the other's work, and no event slips between the arrival and the wait.
 */
function waitStep(deps: Deps, { row, step, now }: StepInput): StepOutcome {
  const c = step.config as unknown as WaitConfig;
  if (row.resume === 'EVENT') {
    return { kind: 'next', way: { waitOutcome: 'EVENT' }, output: { event: documentsOf(row).event } };
  }
  if (row.resume === 'ELAPSED') return { kind: 'next', way: { waitOutcome: 'TIMEOUT' }, output: { timedOut: true } };
  const dueAt = c.timeout ? new Date(entered(row) + c.timeout * 1000) : null;
  if (dueAt && dueAt <= now) return { kind: 'next', way: { waitOutcome: 'TIMEOUT' }, output: { timedOut: true } };
  return {
    kind: 'wait',
    dueAt,
    waitingEvent: c.eventName,
    settle: async (trx) => {
      await lockContactsIn(deps, trx, row.projectId, [row.contactId]);
      const early = await findEventSince(trx, row, c.eventName, new Date(entered(row)));
      if (!early) return undefined;
      const event = eventDocument(early);
      return { kind: 'next', way: { waitOutcome: 'EVENT' }, output: { event }, event };
    },
  };
}

/** The contact's data, the latest event's data and the context, through the filter language. */
async function conditionStep(deps: Deps, { row, step, once }: StepInput): Promise<StepOutcome> {
  const tree = conditionTree(step.config);
  const { eventData, context } = documentsOf(row);
  const env = await once(`env:${row.projectId}`, () => loadFilterEnv(deps, row.projectId));
  const matched = await contactMatches(deps, env, row, tree, { event: eventData, workflow: context });
  const branch = matched ? 'yes' : 'no';
  return { kind: 'next', way: { branch }, output: { branch } };
}

/** Through the contact service: the data rules, field types and subscription events apply as for any write. */
async function updateContactStep(deps: Deps, { row, step }: StepInput): Promise<StepOutcome> {
  const c = step.config as unknown as UpdateContactConfig;
  const subscribed =
    c.subscriptionAction === 'subscribe' ? true : c.subscriptionAction === 'unsubscribe' ? false : undefined;
  // Checked first (the field cap: 422), so a refusal fails the step before anything is written.
  const update = await prepareUpdate(deps, row.projectId, { data: c.updates, subscribed });
  const source = { source: 'workflow', eventData: { workflowId: row.workflowId, executionId: row.id } };
  return {
    kind: 'next',
    output: { updated: Object.keys(c.updates), subscriptionAction: c.subscriptionAction },
    effect: async (trx) => {
      await updateContactIn(deps, trx, { projectId: row.projectId, id: row.contactId }, update, source);
    },
    after: () => afterUpdateCommitted(deps, row.projectId, update),
  };
}
