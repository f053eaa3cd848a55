import { type Static, Type } from 'typebox';

export const BulkBody = Type.Object({
  contactIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 1000 }),
});
export type BulkBody = Static<typeof BulkBody>;

export const BulkJobView = Type.Object({
  jobId: Type.String(),
  action: Type.Union([Type.Literal('subscribe'), Type.Literal('unsubscribe'), Type.Literal('delete')]),
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('processing'),
    Type.Literal('completed'),
    Type.Literal('failed'),
  ]),
  total: Type.Integer({ description: 'Distinct ids sent.' }),
  processed: Type.Integer(),
  succeeded: Type.Integer({ description: 'Ids that were contacts of the project.' }),
  failed: Type.Integer({ description: 'Ids that were not (unknown, deleted, or another project’s).' }),
  failureReason: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type BulkJobView = Static<typeof BulkJobView>;
