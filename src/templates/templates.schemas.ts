import { type Static, Type } from 'typebox';
import { ContentBody, ContentFields, ContentFormat, ContentViewFields } from '../authoring/content.schemas.ts';
import { BlockDocumentInput } from '../authoring/document-schema.ts';
import { PageInfo, PageQuery } from '../http/pages.ts';
import { DateTime } from '../http/schemas.ts';

export const TemplateType = Type.Union(
  [Type.Literal('TRANSACTIONAL'), Type.Literal('MARKETING'), Type.Literal('HEADLESS')],
  {
    description:
      'MARKETING adds the unsubscribe footer and headers; HEADLESS skips unsubscribed contacts without a footer.',
  },
);

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Subject = Type.String({ minLength: 1, maxLength: 998, description: 'No line breaks; Liquid.' });
const BaseVersion = Type.Integer({
  minimum: 1,
  description: 'The version this edit was based on: a newer saved version answers 409 VERSION_CONFLICT.',
});
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
  type: TemplateType,
  ...ContentFields,
  ...SenderFields,
});
export type CreateTemplateBody = Static<typeof CreateTemplateBody>;

/** Any field of the create body; those left out keep their value. A content change makes a new version. */
export const UpdateTemplateBody = Type.Object({
  ...Type.Partial(CreateTemplateBody).properties,
  baseVersion: Type.Optional(BaseVersion),
});
export type UpdateTemplateBody = Static<typeof UpdateTemplateBody>;

/** A draft: the content fields and the subject; those left out are the draft's, else the template's. */
export const DraftBody = Type.Object({
  subject: Type.Optional(Subject),
  ...ContentFields,
  baseVersion: Type.Optional(BaseVersion),
});
export type DraftBody = Static<typeof DraftBody>;

export const PublishBody = Type.Object({ baseVersion: Type.Optional(BaseVersion) });
export type PublishBody = Static<typeof PublishBody>;

export const ListTemplatesQuery = Type.Object({
  ...PageQuery.properties,
  type: Type.Optional(TemplateType),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive substring of name or subject.' })),
});
export type ListTemplatesQuery = Static<typeof ListTemplatesQuery>;

export const Author = Type.Object(
  {
    type: Type.Union([Type.Literal('USER'), Type.Literal('KEY')]),
    userId: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()], { description: "The member's address; null for the key." }),
  },
  {
    description: "Who saved: a member, or the project's secret key. Null for versions from before versions were kept.",
  },
);

export const TemplateDraft = Type.Object({
  subject: Type.String(),
  ...ContentViewFields,
  baseVersion: Type.Integer({ description: 'The version the draft was last saved against.' }),
  updatedAt: DateTime,
  updatedBy: Author,
});
export type TemplateDraft = Static<typeof TemplateDraft>;

export const TemplateView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  subject: Type.String(),
  ...ContentViewFields,
  version: Type.Integer({ description: 'The number of the current content version.' }),
  draft: Type.Union([TemplateDraft, Type.Null()], { description: 'The unpublished draft; sends never use it.' }),
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

// The version is read by the service (after the template is found), so another project's id is a 404
// for the template before anything is said about the version.
export const VersionParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  version: Type.String({ maxLength: 64, description: 'A version number: 1, 2, …' }),
});
export type VersionParams = Static<typeof VersionParams>;

export const TemplateVersionSummary = Type.Object({
  version: Type.Integer(),
  createdAt: DateTime,
  createdBy: Type.Union([Author, Type.Null()]),
  subject: Type.String(),
  format: ContentFormat,
});
export type TemplateVersionSummary = Static<typeof TemplateVersionSummary>;

export const TemplateVersionView = Type.Object({ ...TemplateVersionSummary.properties, ...ContentViewFields });
export type TemplateVersionView = Static<typeof TemplateVersionView>;

export const TemplateVersionPage = Type.Object({
  versions: Type.Array(TemplateVersionSummary),
  ...PageInfo.properties,
});
export type TemplateVersionPage = Static<typeof TemplateVersionPage>;

export const PreviewBody = Type.Object({
  format: Type.Optional(ContentFormat),
  subject: Subject,
  body: Type.Optional(ContentBody),
  document: Type.Optional(BlockDocumentInput),
  type: Type.Optional(TemplateType),
  data: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      description: "Values for Liquid, as a contact's data; nothing is stored.",
    }),
  ),
});
export type PreviewBody = Static<typeof PreviewBody>;

export const PreviewQuery = Type.Object({
  contactId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'The contact whose data fills the Liquid; absent: no data, so fallbacks show.',
    }),
  ),
  draft: Type.Optional(Type.Boolean({ description: 'Render the draft instead of the published content.' })),
});
export type PreviewQuery = Static<typeof PreviewQuery>;

export const PreviewView = Type.Object({ subject: Type.String(), html: Type.String(), text: Type.String() });
export type PreviewView = Static<typeof PreviewView>;
