/**
 * For the SNS storm: the SES events a notification carries (as SNS delivers them), the effects a
 * project has recorded (by key: an event per email, an unsubscribe and a suppression per contact, a
 * workflow execution per complaining contact), and their comparison with the expected ones.
 */
import { fromJson } from '../../src/db/codecs.ts';
import { newId } from '../../src/lib/ids.ts';
import type { Cluster } from './cluster.ts';

export type Kind = 'delivery' | 'hard' | 'soft' | 'complaint';
/** What each contact's email of campaign A and of campaign B is told (by contact index mod 4). */
export const PLAN: Record<'a' | 'b', Kind[]> = {
  a: ['delivery', 'hard', 'soft', 'complaint'],
  // Index 1: a hard bounce on A then a complaint on B — two reports that each stop mailing the contact.
  b: ['delivery', 'complaint', 'hard', 'delivery'],
};

export interface SentEmail {
  id: string;
  contactId: string;
  toEmail: string;
  messageId: string;
  transportMessageId: string;
}

/** The SES event (as SNS carries it in `Message`) reporting `kind` for the email. */
export function sesEvent(kind: Kind, email: SentEmail, byHeader: boolean) {
  // Half name the email by SES's MessageId, half by our own headers (mail relayed by SES SMTP).
  const mail = byHeader
    ? {
        messageId: `smtp-relayed-${newId()}`,
        headers: [
          { name: 'X-Mailwright-Email-Id', value: email.id },
          { name: 'Message-ID', value: `<${email.messageId}>` },
        ],
      }
    : { messageId: email.transportMessageId, headers: [] };
  const recipient = { emailAddress: email.toEmail };
  if (kind === 'delivery') {
    return { eventType: 'Delivery', mail, delivery: { recipients: [email.toEmail], smtpResponse: '250 2.0.0 OK' } };
  }
  if (kind === 'complaint') {
    return {
      notificationType: 'Complaint',
      mail,
      complaint: { complainedRecipients: [recipient], complaintFeedbackType: 'abuse' },
    };
  }
  const bounce =
    kind === 'hard'
      ? {
          bounceType: 'Permanent',
          bounceSubType: 'General',
          bouncedRecipients: [{ ...recipient, diagnosticCode: 'smtp; 550 5.1.1 unknown' }],
        }
      : { bounceType: 'Transient', bounceSubType: 'MailboxFull', bouncedRecipients: [recipient] };
  return { notificationType: 'Bounce', mail, bounce };
}

/** The first errors the API processes logged (pino JSON lines at level 50): message and detail. */
export function loggedErrors(c: Cluster): string[] {
  const lines = c.apis.flatMap((a) => a.history.flatMap((proc) => proc.output().stdout.split('\n')));
  return lines
    .filter((l) => l.startsWith('{"level":50'))
    .slice(0, 5)
    .map((l) => {
      const { err } = JSON.parse(l) as { err?: { message?: string; detail?: string; where?: string } };
      return `${err?.message} ${err?.detail ?? ''} ${err?.where?.split('\n')[0] ?? ''}`;
    });
}

/** Effects recorded in the project, counted by key (`email.delivery <emailId>`, `suppression <address>` …). */
export async function recordedEffects(c: Cluster, projectId: string, workflowId: string): Promise<Map<string, number>> {
  const recorded = new Map<string, number>();
  const count = (key: string) => recorded.set(key, (recorded.get(key) ?? 0) + 1);
  const events = await c.deps.db
    .selectFrom('events')
    .select(['name', 'contactId', 'data'])
    .where('projectId', '=', projectId)
    .where('name', 'in', ['email.delivery', 'email.bounce', 'email.complaint', 'contact.unsubscribed'])
    .execute();
  for (const e of events) {
    const data = fromJson<Record<string, unknown>>(e.data);
    if (e.name === 'contact.unsubscribed') count(`contact.unsubscribed ${e.contactId}`);
    else if (e.name === 'email.bounce') count(`email.bounce ${data.bounceType} ${data.emailId}`);
    else count(`${e.name} ${data.emailId}`);
  }
  const suppressions = await c.deps.db
    .selectFrom('suppressions')
    .select('email')
    .where('projectId', '=', projectId)
    .execute();
  for (const s of suppressions) count(`suppression ${s.email}`);
  const executions = await c.deps.db
    .selectFrom('workflowExecutions')
    .select('contactId')
    .where('workflowId', '=', workflowId)
    .execute();
  for (const e of executions) count(`workflow execution ${e.contactId}`);
  return recorded;
}

/** Effects beyond the expected count (doubled) and short of it (missing), over every key either side names. */
export function compareEffects(expected: Map<string, number>, recorded: Map<string, number>) {
  let doubled = 0;
  let missing = 0;
  const wrong: string[] = [];
  for (const key of new Set([...expected.keys(), ...recorded.keys()])) {
    const want = expected.get(key) ?? 0;
    const got = recorded.get(key) ?? 0;
    if (got > want) doubled += got - want;
    if (got < want) missing += want - got;
    if (got !== want) wrong.push(`${key}: ${got} (want ${want})`);
  }
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return { doubled, missing, wrong, effectsExpected: sum(expected), effectsRecorded: sum(recorded) };
}
