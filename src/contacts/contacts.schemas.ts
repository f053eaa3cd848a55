import { type Static, Type } from 'typebox';
import { CursorPageOf, CursorQuery } from '../http/pagination.ts';
import { DateTime } from '../http/schemas.ts';
import { TopicChoices } from '../topics/topics.schemas.ts';

/** Longer than any valid address (254), so the 422 for a long one names the address, not the length. */
const EmailText = Type.String({ minLength: 1, maxLength: 320 });

export const ContactData = Type.Record(Type.String(), Type.Unknown(), {
  description:
    'Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped.',
});

export const CreateContactBody = Type.Object({
  email: EmailText,
  subscribed: Type.Optional(
    Type.Boolean({ description: 'Default true for a new contact; kept when omitted on an existing one.' }),
  ),
  data: Type.Optional(ContactData),
  topics: Type.Optional(TopicChoices),
});
export type CreateContactBody = Static<typeof CreateContactBody>;

export const UpdateContactBody = Type.Object({
  email: Type.Optional(EmailText),
  subscribed: Type.Optional(Type.Boolean()),
  data: Type.Optional(ContactData),
  topics: Type.Optional(TopicChoices),
});
export type UpdateContactBody = Static<typeof UpdateContactBody>;

export const ListContactsQuery = Type.Object({
  ...CursorQuery.properties,
  search: Type.Optional(Type.String({ maxLength: 320, description: 'Case-insensitive substring of the email.' })),
});
export type ListContactsQuery = Static<typeof ListContactsQuery>;

export const LookupBody = Type.Object({
  emails: Type.Array(EmailText, { minItems: 1, maxItems: 500 }),
});
export type LookupBody = Static<typeof LookupBody>;

export const ContactView = Type.Object({
  id: Type.String(),
  email: Type.String(),
  subscribed: Type.Boolean(),
  data: ContactData,
  topics: Type.Array(Type.String(), {
    description:
      'Topic ids the contact is subscribed to: subscribed at all, and its choice (or else the default) is yes.',
  }),
  confirmedAt: Type.Union([DateTime, Type.Null()], { description: 'When the contact confirmed a double opt-in.' }),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type ContactView = Static<typeof ContactView>;

export const UpsertedContact = Type.Object({
  ...ContactView.properties,
  _meta: Type.Object({ isNew: Type.Boolean(), isUpdate: Type.Boolean() }),
});
export type UpsertedContact = Static<typeof UpsertedContact>;

export const ContactPage = CursorPageOf(ContactView, 'contacts');

export const LookupResult = Type.Object({
  found: Type.Array(Type.Object({ email: Type.String(), id: Type.String() })),
  notFound: Type.Array(Type.String()),
});
export type LookupResult = Static<typeof LookupResult>;
