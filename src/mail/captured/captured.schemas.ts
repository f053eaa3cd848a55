/** Views of the captured mail (GET /outbox): one schema and type per shape. */
import { type Static, Type } from 'typebox';
import { CursorPageOf, CursorQuery } from '../../http/pagination.ts';

export const ListCapturedQuery = Type.Object({
  ...CursorQuery.properties,
  to: Type.Optional(Type.String({ maxLength: 320, description: 'Only messages to this address (case-insensitive).' })),
  emailId: Type.Optional(
    Type.String({ maxLength: 64, description: 'Only the message(s) of this email record (`emailId` of a message).' }),
  ),
});
export type ListCapturedQuery = Static<typeof ListCapturedQuery>;

export const CapturedIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type CapturedIdParams = Static<typeof CapturedIdParams>;

export const CapturedMessageView = Type.Object({
  id: Type.String(),
  emailId: Type.String(),
  to: Type.String(),
  from: Type.String(),
  subject: Type.String(),
  html: Type.String(),
  text: Type.String(),
  headers: Type.Record(Type.String(), Type.String(), {
    description: 'Header fields as sent: lower-cased names, folded lines joined, DKIM-Signature included.',
  }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type CapturedMessageView = Static<typeof CapturedMessageView>;

export const CapturedPage = CursorPageOf(CapturedMessageView, 'messages');
