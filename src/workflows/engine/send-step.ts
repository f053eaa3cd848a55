/**
 * SEND_EMAIL: renders the step's template for the contact (with `event.*` and `workflow.*` besides its
 * data) into an outbox row whose id is the arrival's `step_token`. The row is written in the move's
 * transaction, so the email exists exactly when the execution has passed the step: a crash repeats
 * no email, and the delivery worker does the rest.
 */
import { reserveSends } from '../../billing/usage.service.ts';
import { getContact } from '../../contacts/contacts.service.ts';
import type { Deps } from '../../deps.ts';
import { assertVerifiedSender } from '../../domains/domains.service.ts';
import { AppError } from '../../errors.ts';
import { getSendSettings } from '../../projects/projects.service.ts';
import { composeEmail, type PreparedMessage } from '../../sending/compose.ts';
import { getTemplateRow } from '../../templates/templates.service.ts';
import type { SendEmailConfig } from '../step-configs.ts';
import { documentsOf } from './documents.ts';
import type { StepInput, StepOutcome } from './step-types.ts';

/** The message of the step, or why it cannot be sent (a template deleted, a sender no longer verified). */
async function messageFor(deps: Deps, { row, step }: StepInput, c: SendEmailConfig): Promise<PreparedMessage> {
  const template = await getTemplateRow(deps, row.projectId, c.templateId);
  if (!template.fromEmail) {
    throw new AppError(422, 'VALIDATION_ERROR', `template ${template.id} has no sender; give it one`);
  }
  await assertVerifiedSender(deps, row.projectId, template.fromEmail);
  return {
    subject: template.subject,
    body: template.body,
    // Mail to a custom address is a notification about the contact, not list mail to them: no footer,
    // no List-Unsubscribe that would unsubscribe the contact.
    emailType: c.recipient.type === 'CUSTOM' ? 'TRANSACTIONAL' : template.type,
    templateId: template.id,
    templateVersion: template.version,
    from: { email: template.fromEmail, name: template.fromName ?? undefined },
    replyTo: template.replyTo ?? undefined,
    headers: { 'X-Mailwright-Workflow-Step': step.id },
    attachments: [],
    sourceType: 'WORKFLOW',
    sourceId: row.id,
  };
}

export async function sendEmailStep(deps: Deps, input: StepInput): Promise<StepOutcome> {
  const { row, step } = input;
  const c = step.config as unknown as SendEmailConfig;
  let msg: PreparedMessage;
  try {
    // The template and its sender's check, once per batch for every execution at this step.
    msg = { ...(await input.once(`message:${step.id}`, () => messageFor(deps, input, c))), sourceId: row.id };
  } catch (err) {
    if (err instanceof AppError) return { kind: 'fail', error: err.message, output: { templateId: c.templateId } };
    throw err;
  }
  const contact = await getContact(deps, row.projectId, row.contactId);
  if (msg.emailType !== 'TRANSACTIONAL' && !contact.subscribed) {
    return { kind: 'next', status: 'SKIPPED', output: { skipped: 'UNSUBSCRIBED', templateId: c.templateId } };
  }
  // A topic that is gone has no subscribers, so its step skips everyone, as a topic campaign would.
  if (c.topicId && !contact.topics.includes(c.topicId)) {
    const output = { skipped: 'NOT_SUBSCRIBED_TO_TOPIC', topicId: c.topicId, templateId: c.templateId };
    return { kind: 'next', status: 'SKIPPED', output };
  }
  if (c.topicId) msg = { ...msg, topicId: c.topicId };
  const { eventData, context } = documentsOf(row);
  const id = row.stepToken;
  const settings = await getSendSettings(deps, row.projectId);
  let email: Awaited<ReturnType<typeof composeEmail>>;
  try {
    email = await composeEmail(
      deps,
      msg,
      { projectId: row.projectId, contact, extraVars: { event: eventData, workflow: context } },
      settings,
      id,
    );
  } catch (err) {
    // The contact's data does not render with this template (or renders too large): no retry fixes it.
    if (err instanceof AppError) return { kind: 'fail', error: err.message, output: { templateId: c.templateId } };
    throw err;
  }
  // Not the contact's mail: its opens, clicks and bounces are not the contact's facts.
  if (c.recipient.type === 'CUSTOM')
    Object.assign(email, { toEmail: c.recipient.customEmail, toName: null, contactId: null });
  return {
    kind: 'next',
    output: { emailId: id, to: email.toEmail, templateId: c.templateId },
    // The id is the arrival's: a replay of this arrival would find its row already there.
    emails: [email],
    // Workflow billing cap, reserved in the move's transaction: over the cap the commit rolls back and
    // the step fails with the 402's message (no email); with billing off reserveSends makes no query.
    effect: async (trx) => void (await reserveSends(deps, row.projectId, 'workflow', 1, trx)),
  };
}
