import { type Static, Type } from 'typebox';

// Any string is accepted: judging the format is this endpoint's job, and a bad one is an answer, not an error.
export const VerifyBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 10_000 }) });
export type VerifyBody = Static<typeof VerifyBody>;

/** The `data` of `POST /v1/verify`. */
export const VerifyData = Type.Object({
  email: Type.String(),
  valid: Type.Boolean(),
  isDisposable: Type.Boolean(),
  isAlias: Type.Boolean(),
  isTypo: Type.Boolean(),
  isPlusAddressed: Type.Boolean(),
  isPersonalEmail: Type.Boolean(),
  domainExists: Type.Boolean(),
  hasWebsite: Type.Boolean(),
  hasMxRecords: Type.Boolean(),
  reasons: Type.Array(Type.String()),
  suggestedEmail: Type.Optional(Type.String()),
});
export type VerifyData = Static<typeof VerifyData>;
