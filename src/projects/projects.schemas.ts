import { type Static, Type } from 'typebox';

export const ProjectIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type ProjectIdParams = Static<typeof ProjectIdParams>;

export const CreateProjectBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) });
export type CreateProjectBody = Static<typeof CreateProjectBody>;

export const UpdateProjectBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  tracking: Type.Optional(
    Type.Union([Type.Literal('ENABLED'), Type.Literal('DISABLED'), Type.Literal('MARKETING_ONLY')]),
  ),
});
export type UpdateProjectBody = Static<typeof UpdateProjectBody>;

export const ProjectView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  publicKey: Type.String(),
  secretKeyHint: Type.String(),
  tracking: Type.String(),
  disabled: Type.Boolean(),
  role: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

export const ProjectWithSecret = Type.Intersect([ProjectView, Type.Object({ secretKey: Type.String() })]);
