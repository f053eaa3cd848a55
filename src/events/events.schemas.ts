/** Request and response views of POST /v1/track, POST /events/track and the /events API. */
import { type Static, Type } from 'typebox';
import { ContactData } from '../contacts/contacts.schemas.ts';
import { CursorPageOf, CursorQuery } from '../http/pagination.ts';
import { DateTime } from '../http/schemas.ts';

/** Longest event name, after trimming. */
export const EVENT_NAME_MAX = 200;

const EventName = Type.String({ minLength: 1, maxLength: EVENT_NAME_MAX });

export const TrackBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  event: Type.String({
    minLength: 1,
    maxLength: EVENT_NAME_MAX,
    description: 'The event name, trimmed. System names (`email.*`, `contact.*`, `segment.*`) are refused with 422.',
  }),
  data: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      description:
        "Custom fields, with the contact's data rules. The event stores the same values, unwrapped: " +
        '`{ value, persistent: false }` is kept on the event (not on the contact); null and "" are left out.',
    }),
  ),
  subscribed: Type.Optional(
    Type.Boolean({ description: 'Default true for a new contact; an existing one changes only when given.' }),
  ),
});
export type TrackBody = Static<typeof TrackBody>;

export const TrackResult = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    contact: Type.String({ description: 'The contact id.' }),
    event: Type.String({ description: 'The event id.' }),
    timestamp: DateTime,
  }),
});
export type TrackResult = Static<typeof TrackResult>;

export const EventView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  contactId: Type.Union([Type.String(), Type.Null()]),
  data: ContactData,
  createdAt: DateTime,
});
export type EventView = Static<typeof EventView>;

export const EventPage = CursorPageOf(EventView, 'events');
export type EventPage = Static<typeof EventPage>;

const dateText = (description: string) =>
  Type.String({ maxLength: 40, description: `${description} ISO 8601 date or date-time (UTC when no offset).` });

export const ListEventsQuery = Type.Object({
  ...CursorQuery.properties,
  name: Type.Optional(EventName),
  contactId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  from: Type.Optional(dateText('Events at or after this time.')),
  to: Type.Optional(dateText('Events at or before this time.')),
});
export type ListEventsQuery = Static<typeof ListEventsQuery>;

export const ContactEventsParams = Type.Object({ contactId: Type.String({ minLength: 1, maxLength: 64 }) });
export type ContactEventsParams = Static<typeof ContactEventsParams>;

export const EventNameParams = Type.Object({ eventName: EventName });
export type EventNameParams = Static<typeof EventNameParams>;

const NameCount = Type.Object({
  name: Type.String(),
  count: Type.Integer(),
  lastSeenAt: DateTime,
  system: Type.Boolean({ description: 'True for names the service emits (`email.*`, `contact.*`, `segment.*`).' }),
});

export const EventStats = Type.Object(
  {
    total: Type.Integer({ description: 'Events of the project.' }),
    distinctNames: Type.Integer(),
    last24h: Type.Integer({ description: 'Events in the current UTC hour and the 23 before it.' }),
    last7d: Type.Integer({ description: 'Events in the current UTC hour and the 167 before it.' }),
    last30d: Type.Integer({ description: 'Events in the current UTC hour and the 719 before it.' }),
    byName: Type.Array(NameCount, { description: 'The 100 most frequent names, most frequent first.' }),
  },
  { description: 'Read from counters kept when events are written; no scan of the events.' },
);
export type EventStats = Static<typeof EventStats>;

export const EventNames = Type.Object({
  names: Type.Array(NameCount, {
    description: 'Every name that occurred in the project (system names included), by name; at most 1,000.',
  }),
});
export type EventNames = Static<typeof EventNames>;

const UsageRef = Type.Object({ id: Type.String(), name: Type.String() });

export const EventUsage = Type.Object({
  segments: Type.Array(UsageRef, { description: 'Segments whose filters name the event.' }),
  workflows: Type.Array(UsageRef, { description: 'Workflows triggered by, waiting for or testing the event.' }),
});
export type EventUsage = Static<typeof EventUsage>;

export const DeletedEvents = Type.Object({ deleted: Type.Integer({ description: 'Events deleted.' }) });
export type DeletedEvents = Static<typeof DeletedEvents>;
