import { type Static, Type } from 'typebox';

export const Credentials = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: 8, maxLength: 256 }),
});
export type Credentials = Static<typeof Credentials>;

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
});
export type LoginBody = Static<typeof LoginBody>;

export const UserView = Type.Object({
  id: Type.String(),
  email: Type.String(),
  emailVerified: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type UserView = Static<typeof UserView>;

export const UserEnvelope = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({ user: UserView }),
});
