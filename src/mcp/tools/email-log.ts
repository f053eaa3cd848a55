/** The email log tool: what happened to sent mail, newest first, by recipient and status. */
import { Type } from 'typebox';
import { EMAIL_STATUSES } from '../../emails/emails.schemas.ts';
import { listEmailLog } from '../../emails/emails.service.ts';
import { literals } from '../../http/schemas.ts';
import { Cursor, defineTool, Limit } from './types.ts';

export const searchEmailLogTool = defineTool({
  name: 'search_email_log',
  description:
    'Searches the email log, newest first, a page at a time: each email with its recipient, subject, status ' +
    '(PENDING, SENDING, SENT, DELIVERED, OPENED, CLICKED, BOUNCED, COMPLAINED, FAILED, SUPPRESSED), source and ' +
    'timestamps. `recipient` is an exact address (any case). Pass nextCursor as `cursor` for the next page.',
  input: Type.Object({
    recipient: Type.Optional(Type.String({ minLength: 1, maxLength: 320, description: 'An email address.' })),
    status: Type.Optional(literals(EMAIL_STATUSES)),
    limit: Type.Optional(Limit),
    cursor: Type.Optional(Cursor),
  }),
  write: false,
  resource: 'email',
  async run(deps, projectId, args) {
    const page = await listEmailLog(deps, projectId, {
      limit: args.limit ?? 20,
      cursor: args.cursor,
      recipient: args.recipient,
      status: args.status,
    });
    const emails = page.data.map((e) => ({
      id: e.id,
      to: e.to,
      subject: e.subject,
      status: e.status,
      sourceType: e.sourceType,
      sourceId: e.sourceId,
      createdAt: e.createdAt,
      sentAt: e.sentAt,
      deliveredAt: e.deliveredAt,
      openedAt: e.openedAt,
      clickedAt: e.clickedAt,
      bouncedAt: e.bouncedAt,
      lastError: e.lastError,
    }));
    const first = !args.cursor;
    return {
      result: { emails, nextCursor: page.hasMore ? page.cursor : null, ...(first ? { total: page.total } : {}) },
    };
  },
});
