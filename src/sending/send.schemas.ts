/** POST /v1/send: the body of decisions.md "/v1/send" and the response of the contract. */
import { type Static, Type } from 'typebox';
import { ContactData } from '../contacts/contacts.schemas.ts';

/** Longer than any valid address (254), so the 422 for a long one names the address, not the length. */
const EmailText = Type.String({ minLength: 1, maxLength: 320 });

const NamedAddress = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  email: EmailText,
});

export const Recipient = Type.Union([EmailText, NamedAddress]);
export type Recipient = Static<typeof Recipient>;

/** Recipients one request may name; each is processed on its own (contract rule 2). */
export const MAX_RECIPIENTS = 50;

export const Attachment = Type.Object({
  filename: Type.String({ minLength: 1, maxLength: 255 }),
  content: Type.String({ minLength: 1, description: 'Base64.' }),
  contentType: Type.String({ minLength: 3, maxLength: 255 }),
  contentId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  disposition: Type.Optional(Type.Union([Type.Literal('attachment'), Type.Literal('inline')])),
});
export type Attachment = Static<typeof Attachment>;

export const SendBody = Type.Object({
  to: Type.Union([Recipient, Type.Array(Recipient, { minItems: 1, maxItems: MAX_RECIPIENTS })]),
  subject: Type.Optional(
    Type.String({ minLength: 1, maxLength: 998, pattern: '^[^\\r\\n]*$', description: 'No newlines.' }),
  ),
  body: Type.Optional(Type.String({ minLength: 1, maxLength: 2 * 1024 * 1024, description: 'HTML.' })),
  template: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Template id.' })),
  from: Type.Optional(Type.Union([EmailText, NamedAddress])),
  name: Type.Optional(
    Type.String({ maxLength: 200, description: 'Deprecated: sender name, used when `from` is a string.' }),
  ),
  reply: Type.Optional(EmailText),
  headers: Type.Optional(Type.Record(Type.String(), Type.String())),
  subscribed: Type.Optional(Type.Boolean()),
  data: Type.Optional(ContactData),
  attachments: Type.Optional(Type.Array(Attachment, { maxItems: 10 })),
});
export type SendBody = Static<typeof SendBody>;

export const SentEmail = Type.Object({
  contact: Type.Object({ id: Type.String(), email: Type.String() }),
  email: Type.String({ description: 'Email id.' }),
});

export const SkippedRecipient = Type.Object({
  email: Type.String(),
  reason: Type.Union([Type.Literal('UNSUBSCRIBED')]),
});

export const SendResult = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    emails: Type.Array(SentEmail),
    /** Recipients refused (an unsubscribed contact and a MARKETING or HEADLESS template). */
    skipped: Type.Optional(Type.Array(SkippedRecipient)),
    timestamp: Type.String({ format: 'date-time' }),
  }),
});
export type SendResult = Static<typeof SendResult>;
