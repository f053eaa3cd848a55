import { type Static, Type } from 'typebox';

export const AddDomainBody = Type.Object({ domain: Type.String({ minLength: 1, maxLength: 300 }) });
export type AddDomainBody = Static<typeof AddDomainBody>;

export const DomainIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export const ProjectIdParams = Type.Object({ projectId: Type.String({ minLength: 1, maxLength: 64 }) });

/** One DNS record a domain must publish; MX values are zone-file style (`10 host`). */
export const DnsRecord = Type.Object({
  type: Type.Union([Type.Literal('TXT'), Type.Literal('CNAME'), Type.Literal('MX')]),
  name: Type.String(),
  value: Type.String(),
  purpose: Type.Union([Type.Literal('DKIM'), Type.Literal('SPF'), Type.Literal('DMARC'), Type.Literal('RETURN_PATH')]),
});
export type DnsRecord = Static<typeof DnsRecord>;

export const DomainRecordView = Type.Object({
  ...DnsRecord.properties,
  verified: Type.Boolean({ description: 'Published as expected at the last check.' }),
  reason: Type.Optional(Type.String({ description: 'Why the last check did not find it, when it did not.' })),
});
export type DomainRecordView = Static<typeof DomainRecordView>;

export const DomainView = Type.Object({
  id: Type.String(),
  projectId: Type.String(),
  domain: Type.String(),
  verified: Type.Boolean(),
  status: Type.Union([Type.Literal('PENDING'), Type.Literal('VERIFIED')]),
  records: Type.Array(DomainRecordView),
  lastCheckedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  verifiedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type DomainView = Static<typeof DomainView>;
