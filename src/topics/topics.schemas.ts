import { type Static, Type } from 'typebox';
import { DateTime } from '../http/schemas.ts';

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Description = Type.String({ maxLength: 500 });

export const CreateTopicBody = Type.Object({
  name: Name,
  description: Type.Optional(Type.Union([Description, Type.Null()])),
  defaultSubscribed: Type.Optional(
    Type.Boolean({ description: 'Contacts who made no choice for the topic receive it (default false).' }),
  ),
  public: Type.Optional(Type.Boolean({ description: 'Listed on the preference page (default true).' })),
});
export type CreateTopicBody = Static<typeof CreateTopicBody>;

export const UpdateTopicBody = Type.Partial(CreateTopicBody);
export type UpdateTopicBody = Static<typeof UpdateTopicBody>;

export const TopicView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  defaultSubscribed: Type.Boolean(),
  public: Type.Boolean(),
  subscriberCount: Type.Integer({
    description: 'Contacts subscribed to the topic: subscribed at all, and their choice (or else the default) is yes.',
  }),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type TopicView = Static<typeof TopicView>;

/** `topics` of POST /contacts and PATCH /contacts/:id: only the named topics change. */
export const TopicChoices = Type.Record(Type.String({ maxLength: 64 }), Type.Boolean(), {
  description: 'Topic id → subscribed to it (true) or not (false); topics not named keep their state.',
  maxProperties: 100,
});
export type TopicChoices = Static<typeof TopicChoices>;
