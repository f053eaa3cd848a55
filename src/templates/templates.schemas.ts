import { type Static, Type } from 'typebox';
import { PageInfo, PageQuery } from '../http/pages.ts';
import { DateTime } from '../http/schemas.ts';

/** The largest body a template may hold, in bytes of UTF-8. */
export const MAX_BODY_BYTES = 512 * 1024;

export const TemplateType = Type.Union(
  [Type.Literal('TRANSACTIONAL'), Type.Literal('MARKETING'), Type.Literal('HEADLESS')],
  {
    description:
      'MARKETING adds the unsubscribe footer and headers; HEADLESS skips unsubscribed contacts without a footer.',
  },
);

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Subject = Type.String({ minLength: 1, maxLength: 998, description: 'No line breaks; Liquid.' });
// maxLength counts characters; the byte limit is checked by the service.
const Body = Type.String({ minLength: 1, maxLength: MAX_BODY_BYTES, description: 'HTML with Liquid; at most 512 KB.' });
const orNull = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);
const Description = orNull(Type.String({ maxLength: 2000 }));
const Address = orNull(Type.String({ maxLength: 320 }));
const Sender = orNull(Type.String({ maxLength: 320, description: 'Sender address; must be on a verified domain.' }));
const FromName = orNull(Type.String({ maxLength: 200, description: 'No line breaks.' }));

const SenderFields = {
  description: Type.Optional(Description),
  from: Type.Optional(Sender),
  fromName: Type.Optional(FromName),
  replyTo: Type.Optional(Address),
};

export const CreateTemplateBody = Type.Object({
  name: Name,
  subject: Subject,
  body: Body,
  type: TemplateType,
  ...SenderFields,
});
export type CreateTemplateBody = Static<typeof CreateTemplateBody>;

/** Any field of the create body; those left out keep their value. */
export const UpdateTemplateBody = Type.Partial(CreateTemplateBody);
export type UpdateTemplateBody = Static<typeof UpdateTemplateBody>;

export const ListTemplatesQuery = Type.Object({
  ...PageQuery.properties,
  type: Type.Optional(TemplateType),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive substring of name or subject.' })),
});
export type ListTemplatesQuery = Static<typeof ListTemplatesQuery>;

export const TemplateView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  subject: Type.String(),
  body: Type.String(),
  type: TemplateType,
  from: Type.Union([Type.String(), Type.Null()]),
  fromName: Type.Union([Type.String(), Type.Null()]),
  replyTo: Type.Union([Type.String(), Type.Null()]),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type TemplateView = Static<typeof TemplateView>;

export const TemplatePage = Type.Object({
  templates: Type.Array(TemplateView),
  ...PageInfo.properties,
});
export type TemplatePage = Static<typeof TemplatePage>;

export const TemplateUsage = Type.Object({
  campaigns: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  workflows: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), stepId: Type.String() })),
});
export type TemplateUsage = Static<typeof TemplateUsage>;
