import { type Static, Type } from 'typebox';
import { ContactView } from '../contacts/contacts.schemas.ts';
import { COMPONENT } from '../http/components.ts';
import { PageInfo, PageQuery } from '../http/pages.ts';
import { DateTime, literals } from '../http/schemas.ts';

export const SegmentType = Type.Union([Type.Literal('DYNAMIC'), Type.Literal('STATIC')], {
  description: 'DYNAMIC: contacts matching the filter, live. STATIC: contacts added by email.',
});

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]);
// Both filter forms are checked by filters/parse.ts, which names the failing path in its 422.
const FiltersInput = Type.Unknown({
  [COMPONENT]: 'FiltersForm',
  description:
    'The filter in the contract form: { operator: "AND" | "OR", conditions: [{ field, operator, value, unit? }] }.',
});
const ConditionInput = Type.Unknown({
  [COMPONENT]: 'ConditionForm',
  description:
    'The filter in the nested form: { logic: "AND" | "OR", groups: [{ filters: [...], conditions?: <nested> }] }. Wins over `filters` when both are given.',
});
const TrackMembership = Type.Boolean({
  description:
    'Membership changes fire segment.<slug>.entry / .exit events: on POST /segments/:id/compute, when a contact write changes membership (a job, normally within a second), on static adds and removes, and every 15 minutes as a backstop.',
});

export const CreateSegmentBody = Type.Object({
  name: Name,
  description: Type.Optional(Description),
  type: Type.Optional(Type.Union([SegmentType], { description: 'Default DYNAMIC.' })),
  filters: Type.Optional(FiltersInput),
  condition: Type.Optional(ConditionInput),
  trackMembership: Type.Optional(TrackMembership),
});
export type CreateSegmentBody = Static<typeof CreateSegmentBody>;

/** Any field of the create body but the type, which a segment keeps; those left out keep their value. */
export const UpdateSegmentBody = Type.Partial(Type.Omit(CreateSegmentBody, ['type']));
export type UpdateSegmentBody = Static<typeof UpdateSegmentBody>;

const FiltersView = Type.Object(
  { operator: literals(['AND', 'OR']), conditions: Type.Array(Type.Unknown()) },
  {
    [COMPONENT]: 'FiltersForm',
    description: 'The filter in the contract form; null when that form cannot express it (see condition) or STATIC.',
  },
);

export const SegmentView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Description,
  type: SegmentType,
  filters: Type.Union([FiltersView, Type.Null()]),
  condition: Type.Union([
    Type.Unknown({
      [COMPONENT]: 'ConditionForm',
      description: 'The filter in the nested form (always given); null for STATIC.',
    }),
    Type.Null(),
  ]),
  trackMembership: Type.Boolean(),
  memberCount: Type.Integer({ description: 'Cached: counted on create, filter change, refresh and compute.' }),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type SegmentView = Static<typeof SegmentView>;

export const SegmentList = Type.Array(SegmentView);
export type SegmentList = Static<typeof SegmentList>;

export const PreviewSegmentBody = Type.Object({
  filters: Type.Optional(FiltersInput),
  condition: Type.Optional(ConditionInput),
  segmentId: Type.Optional(
    Type.String({
      maxLength: 64,
      description:
        'The segment being edited, if any: a filter referencing it (directly or not) is refused, as on save.',
    }),
  ),
  sampleSize: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 20, description: 'How many matching contacts to return (default 5).' }),
  ),
});
export type PreviewSegmentBody = Static<typeof PreviewSegmentBody>;

export const SegmentPreview = Type.Object({
  count: Type.Integer({ description: 'Contacts the filter matches now.' }),
  subscribed: Type.Integer({ description: 'Of those, the subscribed ones.' }),
  sample: Type.Array(ContactView, { description: 'The first matching contacts (oldest first).' }),
});
export type SegmentPreview = Static<typeof SegmentPreview>;

export const SegmentContactsQuery = PageQuery;
export type SegmentContactsQuery = Static<typeof SegmentContactsQuery>;

export const SegmentContactsPage = Type.Object({ data: Type.Array(ContactView), ...PageInfo.properties });
export type SegmentContactsPage = Static<typeof SegmentContactsPage>;

/** Longer than any valid address (254), so the 422 for a long one names the address, not the length. */
const EmailText = Type.String({ minLength: 1, maxLength: 320 });
const Emails = Type.Array(EmailText, { minItems: 1, maxItems: 1000 });

export const AddMembersBody = Type.Object({
  emails: Emails,
  createMissing: Type.Optional(Type.Boolean({ description: 'Create contacts for unknown addresses (default false).' })),
  subscribed: Type.Optional(Type.Boolean({ description: 'Subscription of contacts created here (default true).' })),
});
export type AddMembersBody = Static<typeof AddMembersBody>;

export const AddMembersResult = Type.Object({
  added: Type.Integer({ description: 'Contacts that became members with this call.' }),
  alreadyMembers: Type.Integer({ description: 'Contacts that were members already.' }),
  created: Type.Integer({ description: 'Contacts created for unknown addresses (createMissing).' }),
  notFound: Type.Array(Type.String(), { description: 'Addresses (normalised) with no contact, none created.' }),
});
export type AddMembersResult = Static<typeof AddMembersResult>;

export const RemoveMembersBody = Type.Object({ emails: Emails });
export type RemoveMembersBody = Static<typeof RemoveMembersBody>;

export const RemoveMembersResult = Type.Object({
  removed: Type.Integer({ description: 'Contacts that were members and no longer are.' }),
});
export type RemoveMembersResult = Static<typeof RemoveMembersResult>;

export const ComputeResult = Type.Object({
  memberCount: Type.Integer(),
  entered: Type.Integer({ description: 'Contacts that entered (one segment.<slug>.entry event each).' }),
  exited: Type.Integer({ description: 'Contacts that left (one segment.<slug>.exit event each).' }),
});
export type ComputeResult = Static<typeof ComputeResult>;
