/** SQL for projects and memberships. Every project read that comes from a user goes through membership. */
import type { Db, Executor } from '../db/index.ts';
import { preparedQuery } from '../db/prepared.ts';
import type { Role, Tracking } from '../db/schema.ts';
import type { SignupColumnsPatch } from '../signup/signup-settings.ts';

// Every API request looks its key up, so these two queries are compiled once per database.
const byKey = (column: 'secretKeyHash' | 'publicKey') =>
  preparedQuery((db, v) => db.selectFrom('projects').select(['id', 'disabled']).where(column, '=', v).limit(1));
const bySecretHash = byKey('secretKeyHash');
const byPublicKey = byKey('publicKey');

export async function findProjectBySecretHash(db: Db, secretKeyHash: string) {
  return (await bySecretHash(db, secretKeyHash))[0];
}

export async function findProjectByPublicKey(db: Db, publicKey: string) {
  return (await byPublicKey(db, publicKey))[0];
}

/** The user's projects, each with the user's role in it. */
function memberProjects(db: Executor, userId: string) {
  return db
    .selectFrom('projects')
    .innerJoin('memberships', 'memberships.projectId', 'projects.id')
    .selectAll('projects')
    .select('memberships.role')
    .where('memberships.userId', '=', userId);
}

/** The project as seen by one member, with that member's role; undefined if not a member. */
export async function findMemberProject(db: Executor, userId: string, projectId: string) {
  return memberProjects(db, userId).where('projects.id', '=', projectId).executeTakeFirst();
}

export async function listMemberProjects(db: Executor, userId: string) {
  return memberProjects(db, userId).orderBy('projects.id').execute();
}

export interface NewProject {
  id: string;
  name: string;
  secretKeyHash: string;
  secretKeyHint: string;
  publicKey: string;
  createdAt: Date;
}

export async function insertProject(db: Executor, p: NewProject, ownerId: string): Promise<void> {
  await db
    .insertInto('projects')
    .values({
      id: p.id,
      name: p.name,
      secretKeyHash: p.secretKeyHash,
      secretKeyHint: p.secretKeyHint,
      publicKey: p.publicKey,
      disabled: false,
      tracking: 'ENABLED',
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
    })
    .execute();
  await db
    .insertInto('memberships')
    .values({ projectId: p.id, userId: ownerId, role: 'OWNER', createdAt: p.createdAt })
    .execute();
}

/** Writes the settings a member may change; columns are named here, so no caller's extra field reaches SQL. */
export async function updateProject(
  db: Executor,
  projectId: string,
  patch: {
    name?: string;
    tracking?: Tracking;
    sendRatePerSecond?: number | null;
    defaultLocale?: string | null;
    timezone?: string;
    sendWindow?: string | null;
    dailyMarketingCap?: number | null;
    warmup?: string | null;
    mcpWrites?: boolean;
    updatedAt: Date;
  } & SignupColumnsPatch,
): Promise<void> {
  // Kysely leaves undefined values out of the SET list.
  await db
    .updateTable('projects')
    .set({
      name: patch.name,
      tracking: patch.tracking,
      sendRatePerSecond: patch.sendRatePerSecond,
      defaultLocale: patch.defaultLocale,
      doubleOptIn: patch.doubleOptIn,
      signupFrom: patch.signupFrom,
      allowedOrigins: patch.allowedOrigins,
      confirmationTemplateId: patch.confirmationTemplateId,
      signupForm: patch.signupForm,
      timezone: patch.timezone,
      sendWindow: patch.sendWindow,
      dailyMarketingCap: patch.dailyMarketingCap,
      warmup: patch.warmup,
      mcpWrites: patch.mcpWrites,
      updatedAt: patch.updatedAt,
    })
    .where('id', '=', projectId)
    .execute();
}

export async function updateProjectKeys(
  db: Executor,
  projectId: string,
  keys: { secretKeyHash: string; secretKeyHint: string; publicKey: string; updatedAt: Date },
): Promise<void> {
  await db
    .updateTable('projects')
    .set({
      secretKeyHash: keys.secretKeyHash,
      secretKeyHint: keys.secretKeyHint,
      publicKey: keys.publicKey,
      updatedAt: keys.updatedAt,
    })
    .where('id', '=', projectId)
    .execute();
}

export async function updateProjectDisabled(db: Executor, projectId: string, disabled: boolean): Promise<void> {
  await db.updateTable('projects').set({ disabled }).where('id', '=', projectId).execute();
}

export async function deleteProject(db: Executor, projectId: string): Promise<boolean> {
  const r = await db.deleteFrom('projects').where('id', '=', projectId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export type { Role };

/** What sending needs of a project: tracking mode, own send rate, disabled flag, default locale. */
export async function findSendSettings(db: Executor, projectId: string) {
  return db
    .selectFrom('projects')
    .select([
      'tracking',
      'sendRatePerSecond',
      'disabled',
      'defaultLocale',
      'timezone',
      'sendWindow',
      'dailyMarketingCap',
      'warmup',
    ])
    .where('id', '=', projectId)
    .executeTakeFirst();
}

/** Whether the project's MCP server may run write tools; undefined when the project is gone. */
export async function findMcpWrites(db: Executor, projectId: string) {
  return db.selectFrom('projects').select('mcpWrites').where('id', '=', projectId).executeTakeFirst();
}

/** What sign-up needs of a project: its name, default locale and sign-up settings; undefined when it is gone. */
export async function findSignupProject(db: Executor, projectId: string) {
  return db
    .selectFrom('projects')
    .select([
      'id',
      'name',
      'disabled',
      'defaultLocale',
      'doubleOptIn',
      'signupFrom',
      'allowedOrigins',
      'confirmationTemplateId',
      'signupForm',
    ])
    .where('id', '=', projectId)
    .executeTakeFirst();
}
