/**
 * Request and response shapes of sign-up (beyond.md §2): the project settings it adds (read by
 * projects.schemas.ts into PATCH /users/@me/projects/:id and the ProjectView) and POST /v1/subscribe.
 */
import { type Static, Type } from 'typebox';
import { literals } from '../http/schemas.ts';

const TopicId = Type.String({ minLength: 1, maxLength: 64 });

/** The hosted form's own fields beside the email: each becomes the contact's `data.<key>`. */
export const SignupField = Type.Object({
  key: Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z][A-Za-z0-9_-]*$',
    description: 'The data key the value is stored under (letters, digits, _ and -; a letter first).',
  }),
  label: Type.String({ minLength: 1, maxLength: 200 }),
  type: literals(['text', 'number', 'boolean']),
  required: Type.Boolean({ description: 'A required boolean must be ticked (a consent box).' }),
});
export type SignupField = Static<typeof SignupField>;

/** The hosted form at /join/:projectId as the project configures it. */
export const SignupForm = Type.Object({
  enabled: Type.Boolean({ description: 'GET /join/:projectId answers 404 while false.' }),
  title: Type.String({ maxLength: 200, description: 'Heading of the form; "" shows a localized "Sign up".' }),
  description: Type.String({ maxLength: 2000 }),
  topics: Type.Array(TopicId, {
    maxItems: 100,
    description: 'Topics offered as checkboxes (the public ones are shown); unknown ids are a 422.',
  }),
  fields: Type.Array(SignupField, { maxItems: 20 }),
});
export type SignupForm = Static<typeof SignupForm>;

/** The form as PATCH takes it: `enabled` at least; what is left out is empty. */
export const SignupFormInput = Type.Object({
  enabled: SignupForm.properties.enabled,
  title: Type.Optional(SignupForm.properties.title),
  description: Type.Optional(SignupForm.properties.description),
  topics: Type.Optional(SignupForm.properties.topics),
  fields: Type.Optional(SignupForm.properties.fields),
});
export type SignupFormInput = Static<typeof SignupFormInput>;

/** The sign-up settings of PATCH /users/@me/projects/:id, each optional (absent: unchanged). */
export const SignupSettingsInput = {
  doubleOptIn: Type.Optional(
    Type.Boolean({ description: 'Sign-ups wait for a confirmation link; needs signupFrom (422 otherwise).' }),
  ),
  signupFrom: Type.Optional(
    Type.Union([Type.String({ minLength: 3, maxLength: 320 }), Type.Null()], {
      description: 'Sender of confirmation mail, on a verified domain of the project (422 otherwise).',
    }),
  ),
  allowedOrigins: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 300 }), {
      maxItems: 50,
      description: 'Origins (https://example.com) whose browsers may call POST /v1/subscribe.',
    }),
  ),
  confirmationTemplateId: Type.Optional(
    Type.Union([TopicId, Type.Null()], {
      description: 'Template of the confirmation mail (its body uses {{confirmUrl}}); null: the built-in text.',
    }),
  ),
  signupForm: Type.Optional(SignupFormInput),
};

export const SignupSettingsPatch = Type.Object(SignupSettingsInput);
export type SignupSettingsPatch = Static<typeof SignupSettingsPatch>;

/** The sign-up settings every ProjectView carries. */
export const SignupSettingsView = {
  doubleOptIn: Type.Boolean(),
  signupFrom: Type.Union([Type.String(), Type.Null()]),
  allowedOrigins: Type.Array(Type.String()),
  confirmationTemplateId: Type.Union([Type.String(), Type.Null()]),
  signupForm: SignupForm,
};

const SignupSettingsViewObject = Type.Object(SignupSettingsView);
export type SignupSettings = Static<typeof SignupSettingsViewObject>;

export const SubscribeBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  data: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      description: 'Custom fields: only keys the contact lacks are stored (a sign-up never overwrites).',
    }),
  ),
  topics: Type.Optional(Type.Array(TopicId, { maxItems: 100, description: 'Topic ids; unknown ids are a 422.' })),
  website: Type.Optional(
    Type.Unknown({
      description: 'Honeypot: a form filled in by a bot sets it; the answer is the same, nothing is stored.',
    }),
  ),
});
export type SubscribeBody = Static<typeof SubscribeBody>;

export const SubscribeStatus = literals(['SUBSCRIBED', 'CONFIRMATION_SENT']);
export type SubscribeStatus = Static<typeof SubscribeStatus>;

export const SubscribeResult = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    // CONFIRMATION_SENT when the project asks for double opt-in; the same for new and known addresses.
    status: SubscribeStatus,
  }),
});
export type SubscribeResult = Static<typeof SubscribeResult>;

export const ConfirmationSent = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({ status: Type.Literal('CONFIRMATION_SENT') }),
});
