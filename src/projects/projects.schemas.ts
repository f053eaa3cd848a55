import { type Static, Type } from 'typebox';
import { literals } from '../http/schemas.ts';
import { SignupSettingsInput, SignupSettingsView } from '../signup/signup.schemas.ts';
import { PERMISSION_NAMES, type Permission } from './permissions.ts';

export const CreateProjectBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) });
export type CreateProjectBody = Static<typeof CreateProjectBody>;

const Tracking = Type.Union([Type.Literal('ENABLED'), Type.Literal('DISABLED'), Type.Literal('MARKETING_ONLY')], {
  description: 'Open and click tracking: ENABLED (default), DISABLED, or MARKETING_ONLY.',
});

/** A BCP 47 language tag such as `de`, `pt-BR` or `zh-Hant-TW` (language, then subtags). */
const LocaleTag = Type.String({
  minLength: 2,
  maxLength: 35,
  pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$',
  description: 'BCP 47 language tag, e.g. de or pt-BR.',
});

const Weekday = literals(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']);
const Zone = Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. Europe/Berlin.' });
const Clock = Type.String({ maxLength: 5, description: 'HH:MM, 24-hour clock.' });

const SendWindowFields = {
  days: Type.Array(Weekday, { minItems: 1, maxItems: 7 }),
  start: Clock,
  end: Type.String({ maxLength: 5, description: 'HH:MM; before start: the window spans midnight; equal: refused.' }),
};
const WarmupFields = {
  startedOn: Type.String({ maxLength: 10, description: 'YYYY-MM-DD: day 0 of the warm-up.' }),
  startPerDay: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  growthPercent: Type.Integer({ minimum: 1, maximum: 100 }),
};
const WARMUP_DESCRIPTION = 'Cap for day d after startedOn: startPerDay × (1 + growthPercent/100)^d, rounded down.';
const CAP_DESCRIPTION =
  'MARKETING emails handed over per day (midnight to midnight in the project zone); null: no cap.';
const MCP_WRITES_DESCRIPTION =
  'The MCP server (POST /mcp, docs/mcp.md) lists and runs its write tools: upsert_contact, send_email, ' +
  'track_event, create_campaign_draft. Default false: read tools only.';

export const UpdateProjectBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  tracking: Type.Optional(Tracking),
  sendRatePerSecond: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()], {
      description: 'Emails per second this project sends; null: the server default.',
    }),
  ),
  defaultLocale: Type.Optional(
    Type.Union([LocaleTag, Type.Null()], {
      description:
        'Language of the unsubscribe footer and subscription pages for contacts without data.locale; null: English.',
    }),
  ),
  timezone: Type.Optional({ ...Zone, description: 'Zone of recipients without data.timezone and of the daily cap.' }),
  sendWindow: Type.Optional(
    Type.Union([Type.Object({ ...SendWindowFields, timezone: Type.Optional(Zone) }), Type.Null()], {
      description: 'When MARKETING mail may go out (timezone: the project zone when absent); null: always.',
    }),
  ),
  dailyMarketingCap: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: 10_000_000 }), Type.Null()], { description: CAP_DESCRIPTION }),
  ),
  warmup: Type.Optional(Type.Union([Type.Object(WarmupFields), Type.Null()], { description: WARMUP_DESCRIPTION })),
  mcpWrites: Type.Optional(Type.Boolean({ description: MCP_WRITES_DESCRIPTION })),
  ...SignupSettingsInput,
});
export type UpdateProjectBody = Static<typeof UpdateProjectBody>;

const RoleSchema = Type.Union([Type.Literal('OWNER'), Type.Literal('ADMIN'), Type.Literal('MEMBER')], {
  description: "The caller's role in the project.",
});

export const ProjectView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  publicKey: Type.String(),
  secretKeyHint: Type.String(),
  tracking: Tracking,
  sendRatePerSecond: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Emails per second; null: the server default (SEND_RATE_PER_SECOND).',
  }),
  defaultLocale: Type.Union([Type.String(), Type.Null()], {
    description: 'Locale for contacts without data.locale; null: English.',
  }),
  disabled: Type.Boolean(),
  timezone: Zone,
  sendWindow: Type.Union([Type.Object({ ...SendWindowFields, timezone: Zone }), Type.Null()]),
  dailyMarketingCap: Type.Union([Type.Integer(), Type.Null()], { description: CAP_DESCRIPTION }),
  warmup: Type.Union([Type.Object(WarmupFields), Type.Null()], { description: WARMUP_DESCRIPTION }),
  mcpWrites: Type.Boolean({ description: MCP_WRITES_DESCRIPTION }),
  ...SignupSettingsView,
  webhookSigningSecret: Type.String({
    description: 'Key of the X-Mailwright-Signature HMAC on outgoing workflow webhooks (whsec_…).',
  }),
  role: RoleSchema,
  permissions: Type.Array(Type.Unsafe<Permission>(literals(PERMISSION_NAMES)), {
    description:
      "What the caller's role may do in the project (the server's permission table, src/projects/permissions.ts).",
  }),
  assignableRoles: Type.Array(RoleSchema, {
    description: 'The roles the caller may give a new or existing member; only an OWNER grants or takes away OWNER.',
  }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type ProjectView = Static<typeof ProjectView>;

/** The project with its secret key, shown only in the answer that creates or rotates it. */
export const ProjectWithSecret = Type.Object({ ...ProjectView.properties, secretKey: Type.String() });
export type ProjectWithSecret = Static<typeof ProjectWithSecret>;

export const SendingPlan = Type.Object({
  timezone: Type.String({ description: "The project's zone: days run midnight to midnight there." }),
  today: Type.Object({
    date: Type.String(),
    cap: Type.Union([Type.Integer(), Type.Null()], { description: 'null: nothing limits today.' }),
    sent: Type.Integer({ minimum: 0, description: 'MARKETING emails handed over today.' }),
    remaining: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  }),
  next7Days: Type.Array(Type.Object({ date: Type.String(), cap: Type.Union([Type.Integer(), Type.Null()]) }), {
    description: 'Today first; caps rounded down, null where nothing limits.',
  }),
});
export type SendingPlan = Static<typeof SendingPlan>;
