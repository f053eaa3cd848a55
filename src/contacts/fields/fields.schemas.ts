import { type Static, Type } from 'typebox';
import { DateTime, literals } from '../../http/schemas.ts';

export const FieldParams = Type.Object({
  field: Type.String({ minLength: 1, maxLength: 300, description: 'A standard field (`email`) or `data.<key>`.' }),
});
export type FieldParams = Static<typeof FieldParams>;

export const FieldValuesQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});
export type FieldValuesQuery = Static<typeof FieldValuesQuery>;

const FieldTypeName = literals(['string', 'number', 'boolean', 'date']);

export const FieldDescriptor = Type.Object({
  field: Type.String(),
  type: FieldTypeName,
  isCustom: Type.Boolean(),
  coverage: Type.Number({ minimum: 0, maximum: 1, description: 'Share of contacts with the field set.' }),
});
export type FieldDescriptor = Static<typeof FieldDescriptor>;

export const CoverageInfo = Type.Object(
  {
    method: Type.Union([Type.Literal('live'), Type.Literal('cached'), Type.Literal('sample')], {
      description:
        'live: counted for this request; cached: an exact count made at computedAt by a background job (or by an import that grew the project), with the changes of imports since added (large projects; recounted when older than 10 minutes); sample: the newest contacts only, while the first exact count runs.',
    }),
    computedAt: DateTime,
    contacts: Type.Integer({ description: 'Contacts the coverage figures are shares of.' }),
  },
  { description: 'How fresh and how complete the coverage figures are.' },
);
export type CoverageInfo = Static<typeof CoverageInfo>;

export const FieldList = Type.Object({ fields: Type.Array(FieldDescriptor), coverageInfo: CoverageInfo });
export type FieldList = Static<typeof FieldList>;

export const FieldValues = Type.Object({
  field: Type.String(),
  values: Type.Array(Type.Unknown(), { description: 'Distinct values, most frequent first.' }),
  hasMore: Type.Boolean(),
  sampleSize: Type.Integer({ description: 'Values are read from at most this many of the newest contacts.' }),
});
export type FieldValues = Static<typeof FieldValues>;

const UsageRef = Type.Object({ id: Type.String(), name: Type.String() });

export const FieldUsage = Type.Object({
  segments: Type.Array(UsageRef),
  campaigns: Type.Array(UsageRef),
  workflows: Type.Array(UsageRef),
});
export type FieldUsage = Static<typeof FieldUsage>;

export const FieldDeleted = Type.Object({
  field: Type.String(),
  jobId: Type.String({ description: 'The bulk job removing the key from contacts: GET /contacts/bulk/:jobId.' }),
  status: Type.Literal('queued'),
});
export type FieldDeleted = Static<typeof FieldDeleted>;
