/** Outbox rows and feedback observations shared by the bounce, SNS and inbound tests. */
import { fromJson, toBool } from '../../src/db/codecs.ts';
import type { EmailStatus } from '../../src/db/schema.ts';
import type { Deps } from '../../src/deps.ts';
import { newId } from '../../src/lib/ids.ts';

export interface EmailRow {
  id: string;
  messageId: string;
  transportMessageId: string;
}

/** Inserts an outbox row as the delivery worker leaves it after sending (status SENT by default). */
export async function insertSentEmail(
  deps: Pick<Deps, 'db'>,
  projectId: string,
  to: { email: string; contactId: string | null },
  status: EmailStatus = 'SENT',
): Promise<EmailRow> {
  const id = newId();
  const now = new Date();
  const row = { id, messageId: `${id}@mail.example.test`, transportMessageId: `ses-${id}` };
  await deps.db
    .insertInto('emails')
    .values({
      ...row,
      projectId,
      contactId: to.contactId,
      sourceType: 'TRANSACTIONAL',
      emailType: 'TRANSACTIONAL',
      status,
      priority: 0,
      toEmail: to.email,
      fromEmail: 'news@sender.example.test',
      subject: 'Hello',
      html: '<p>Hello</p>',
      text: 'Hello',
      headers: '{}',
      hasAttachments: false,
      attempts: 1,
      openCount: 0,
      clickCount: 0,
      nextAttemptAt: now,
      sentAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return row;
}

/** The email's status and feedback stamps. */
export async function emailState(deps: Pick<Deps, 'db'>, id: string) {
  return deps.db
    .selectFrom('emails')
    .select(['status', 'deliveredAt', 'bouncedAt', 'complainedAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Events of the project with that name, oldest first, data decoded. */
export async function eventsNamed(deps: Pick<Deps, 'db'>, projectId: string, name: string) {
  const rows = await deps.db
    .selectFrom('events')
    .select(['contactId', 'data'])
    .where('projectId', '=', projectId)
    .where('name', '=', name)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    contactId: r.contactId,
    data: fromJson<Record<string, unknown>>(r.data),
  }));
}

/** The project's suppression entries. */
export async function suppressionsOf(deps: Pick<Deps, 'db'>, projectId: string) {
  return deps.db
    .selectFrom('suppressions')
    .select(['email', 'reason', 'emailId'])
    .where('projectId', '=', projectId)
    .execute();
}

/** Whether the contact is subscribed. */
export async function isSubscribed(deps: Pick<Deps, 'db'>, contactId: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom('contacts')
    .select('subscribed')
    .where('id', '=', contactId)
    .executeTakeFirstOrThrow();
  return toBool(row.subscribed);
}
