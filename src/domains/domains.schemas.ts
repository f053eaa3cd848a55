import { type Static, Type } from 'typebox';

export const AddDomainBody = Type.Object({ domain: Type.String({ minLength: 1, maxLength: 300 }) });
export type AddDomainBody = Static<typeof AddDomainBody>;

export const DomainIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export const ProjectIdParams = Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 64 }) });

export const DomainRecordView = Type.Object({
  type: Type.String(),
  name: Type.String(),
  value: Type.String(),
  purpose: Type.String(),
  verified: Type.Boolean(),
  reason: Type.Optional(Type.String()),
});

export const DomainView = Type.Object({
  id: Type.String(),
  projectId: Type.String(),
  domain: Type.String(),
  verified: Type.Boolean(),
  status: Type.String(),
  records: Type.Array(DomainRecordView),
  lastCheckedAt: Type.Union([Type.String(), Type.Null()]),
  verifiedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
