import { type Static, Type } from 'typebox';

export const BulkBody = Type.Object({
  contactIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 1000 }),
});
export type BulkBody = Static<typeof BulkBody>;

export const BulkJobView = Type.Object({
  jobId: Type.String(),
  action: Type.Union([
    Type.Literal('subscribe'),
    Type.Literal('unsubscribe'),
    Type.Literal('delete'),
    Type.Literal('deleteField', { description: 'DELETE /contacts/fields/:field removing the key from contacts.' }),
  ]),
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('processing'),
    Type.Literal('completed'),
    Type.Literal('failed'),
  ]),
  total: Type.Integer({ description: 'Distinct ids sent (deleteField: contacts of the project when it started).' }),
  processed: Type.Integer({ description: 'Ids done (deleteField: contacts passed).' }),
  succeeded: Type.Integer({
    description: 'Ids that were contacts of the project (deleteField: contacts that lost the key).',
  }),
  failed: Type.Integer({ description: 'Ids that were not (unknown, deleted, or another project’s).' }),
  field: Type.Union([Type.String(), Type.Null()], { description: 'deleteField: the field removed.' }),
  failureReason: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type BulkJobView = Static<typeof BulkJobView>;
