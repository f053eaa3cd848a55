/** The SNS HTTP(S) message and the receiver's answer. */
import { type Static, Type } from '@fastify/type-provider-typebox';

const Text = (maxLength: number) => Type.String({ maxLength });

/** Fields SNS sends on every message type; the signed ones are checked by sns.ts. */
export const SnsBody = Type.Object({
  Type: Text(64),
  MessageId: Text(200),
  TopicArn: Text(512),
  Message: Text(256 * 1024),
  Timestamp: Text(64),
  SignatureVersion: Text(8),
  Signature: Text(4096),
  SigningCertURL: Text(2048),
  Subject: Type.Optional(Text(1024)),
  SubscribeURL: Type.Optional(Text(4096)),
  Token: Type.Optional(Text(4096)),
  UnsubscribeURL: Type.Optional(Text(4096)),
});
export type SnsBody = Static<typeof SnsBody>;

export const SnsReply = Type.Object({
  success: Type.Literal(true),
  outcome: Type.Union([
    Type.Literal('applied'),
    Type.Literal('duplicate'),
    Type.Literal('confirmed'),
    Type.Literal('ignored'),
  ]),
});
