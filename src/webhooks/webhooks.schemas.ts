/** Request and response schemas of /webhook-endpoints (beyond.md §4). */
import { type Static, Type } from 'typebox';
import { CursorPageOf, CursorQuery } from '../http/pagination.ts';
import { DateTime, Id, literals } from '../http/schemas.ts';
import { WEBHOOK_EVENT_TYPES } from './webhook-types.ts';

export const WebhookEventType = literals(WEBHOOK_EVENT_TYPES);
/** A type an endpoint subscribes to, or `*` for every type. */
export const EndpointEvent = Type.Union([WebhookEventType, Type.Literal('*')]);
const Events = Type.Array(EndpointEvent, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length + 1 });
const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'http or https; private addresses are refused.',
});
const Description = Type.String({ maxLength: 500 });

export const CreateEndpointBody = Type.Object(
  {
    url: Url,
    events: Events,
    description: Type.Optional(Type.Union([Description, Type.Null()])),
    enabled: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type CreateEndpointBody = Static<typeof CreateEndpointBody>;

export const UpdateEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Type.Union([Description, Type.Null()])),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateEndpointBody = Static<typeof UpdateEndpointBody>;

export const EndpointView = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  disabledReason: Type.Union([Type.String(), Type.Null()]),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type EndpointView = Static<typeof EndpointView>;

/** The endpoint with its signing secret: answered only by create and rotate-secret. */
export const EndpointWithSecret = Type.Object({
  ...EndpointView.properties,
  secret: Type.String({ description: '`whsec_` + base64 of 32 bytes; shown only here.' }),
});
export type EndpointWithSecret = Static<typeof EndpointWithSecret>;

export const MessageStatus = literals(['PENDING', 'DELIVERED', 'FAILED'] as const);

const LastResponse = Type.Object({
  status: Type.Union([Type.Integer(), Type.Null()], { description: 'null when no response came' }),
  body: Type.String({ description: 'The first 1 KB of the response, or what went wrong.' }),
  durationMs: Type.Integer(),
});

export const MessageView = Type.Object({
  id: Type.String({ description: 'The webhook-id, the same on every attempt.' }),
  type: Type.String(),
  status: MessageStatus,
  attempts: Type.Integer(),
  createdAt: DateTime,
  lastAttemptAt: Type.Union([DateTime, Type.Null()]),
  nextAttemptAt: Type.Union([DateTime, Type.Null()]),
  lastResponse: Type.Union([LastResponse, Type.Null()]),
});
export type MessageView = Static<typeof MessageView>;

export const AttemptView = Type.Object({
  id: Type.String(),
  at: DateTime,
  status: Type.Union([Type.Integer(), Type.Null()]),
  body: Type.String(),
  durationMs: Type.Integer(),
});
export type AttemptView = Static<typeof AttemptView>;

export const MessageDetail = Type.Object({
  ...MessageView.properties,
  payload: Type.Object({ type: Type.String(), timestamp: DateTime, data: Type.Unknown() }),
  attemptLog: Type.Array(AttemptView),
});
export type MessageDetail = Static<typeof MessageDetail>;

export const MessagePage = CursorPageOf(MessageView, 'messages');

export const MessagesQuery = Type.Object({ ...CursorQuery.properties, status: Type.Optional(MessageStatus) });
export type MessagesQuery = Static<typeof MessagesQuery>;

export const MessageParams = Type.Object({ id: Id, messageId: Id });
export type MessageParams = Static<typeof MessageParams>;

/** What POST /webhook-endpoints/:id/test answers: the one attempt made. */
export const TestResult = Type.Object({
  messageId: Type.String(),
  delivered: Type.Boolean(),
  at: DateTime,
  status: Type.Union([Type.Integer(), Type.Null()]),
  body: Type.String(),
  durationMs: Type.Integer(),
});
export type TestResult = Static<typeof TestResult>;
