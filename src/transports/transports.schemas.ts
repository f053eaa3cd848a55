/** Request and response schemas of /transports (beyond.md §7). Unknown fields are ignored (decisions.md). */
import { type Static, Type } from 'typebox';
import { DateTime, literals } from '../http/schemas.ts';

export const TRANSPORT_KINDS = ['SMTP', 'SES'] as const;
export const TRANSPORT_STREAMS = ['TRANSACTIONAL', 'MARKETING'] as const;
/** The bounds of `ratePerSecond` and `priority`. */
export const MAX_RATE_PER_SECOND = 100_000;
export const MAX_PRIORITY = 10_000;

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Kind = literals(TRANSPORT_KINDS);
const Streams = Type.Array(literals(TRANSPORT_STREAMS), {
  minItems: 1,
  maxItems: TRANSPORT_STREAMS.length,
  uniqueItems: true,
  description: 'TRANSACTIONAL mail, and MARKETING for marketing and headless mail.',
});
const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'smtp://user:pass@host:port (STARTTLS when offered) or smtps:// (TLS); private addresses are refused.',
});
const Region = Type.String({ minLength: 1, maxLength: 32, pattern: '^[a-z]{2}(-[a-z]+)+-\\d{1,2}$' });
const AccessKeyId = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9]+$' });
const SecretAccessKey = Type.String({ minLength: 1, maxLength: 256 });
const Endpoint = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'http(s) URL; private addresses are refused.',
});
const Rate = Type.Union([Type.Integer({ minimum: 1, maximum: MAX_RATE_PER_SECOND }), Type.Null()], {
  description: 'Sends per second across every worker; null: no limit of its own.',
});
const Priority = Type.Integer({
  minimum: 0,
  maximum: MAX_PRIORITY,
  description: 'Lower is tried first (default 100).',
});

export const SesInput = Type.Object({
  region: Region,
  accessKeyId: AccessKeyId,
  secretAccessKey: SecretAccessKey,
  endpoint: Type.Optional(Type.Union([Endpoint, Type.Null()])),
});
export type SesInput = Static<typeof SesInput>;

export const CreateTransportBody = Type.Object({
  name: Name,
  kind: Kind,
  url: Type.Optional(Url),
  ses: Type.Optional(SesInput),
  streams: Streams,
  ratePerSecond: Type.Optional(Rate),
  priority: Type.Optional(Priority),
  enabled: Type.Optional(Type.Boolean({ description: 'Default true.' })),
});
export type CreateTransportBody = Static<typeof CreateTransportBody>;

/** A PATCH of `ses` changes the parts given; without `secretAccessKey` the stored secret stays. */
export const SesPatch = Type.Partial(SesInput);
export type SesPatch = Static<typeof SesPatch>;

export const UpdateTransportBody = Type.Object({
  name: Type.Optional(Name),
  kind: Type.Optional(Kind),
  url: Type.Optional(Type.String({ ...Url, description: 'Replaces the URL and its credentials entirely.' })),
  ses: Type.Optional(SesPatch),
  streams: Type.Optional(Streams),
  ratePerSecond: Type.Optional(Rate),
  priority: Type.Optional(Priority),
  enabled: Type.Optional(Type.Boolean()),
});
export type UpdateTransportBody = Static<typeof UpdateTransportBody>;

export const TransportView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: Kind,
  url: Type.Union([Type.String({ description: 'Without its password.' }), Type.Null()]),
  ses: Type.Union([
    Type.Object(
      { region: Type.String(), accessKeyId: Type.String(), endpoint: Type.Union([Type.String(), Type.Null()]) },
      { description: 'Without the secret access key.' },
    ),
    Type.Null(),
  ]),
  hasSecret: Type.Boolean({
    description: 'A password (SMTP) or secret access key (SES) is stored; it is never shown.',
  }),
  streams: Type.Array(literals(TRANSPORT_STREAMS)),
  ratePerSecond: Type.Union([Type.Integer(), Type.Null()]),
  priority: Type.Integer(),
  enabled: Type.Boolean(),
  consecutiveFailures: Type.Integer({ description: 'Temporary failures in a row; 5 pass it over for 60 s.' }),
  pausedUntil: Type.Union([DateTime, Type.Null()], {
    description: 'Passed over until then, after 5 failures in a row.',
  }),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type TransportView = Static<typeof TransportView>;

/** What POST /transports/:id/test answers: whether it connected and logged in, and what it said. */
export const TransportTestResult = Type.Object({
  ok: Type.Boolean(),
  response: Type.String(),
  durationMs: Type.Integer(),
});
export type TransportTestResult = Static<typeof TransportTestResult>;
