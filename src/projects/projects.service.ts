/** Projects (the tenant): API-key authentication, creation, settings, key rotation, deletion. */

import { toBool } from '../db/codecs.ts';
import type { Tracking } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import type { SignupSettings } from '../signup/signup.schemas.ts';
import { prepareSignupSettings } from '../signup/signup-settings.service.ts';
import { type SignupColumns, toSignupSettings } from '../signup/signup-settings.ts';
import { projectUploadFiles, removeStoredFiles } from '../uploads/uploads.service.ts';
import { generateKeys, parseApiKey } from './keys.ts';
import { assignableRoles, permissionsOf, requirePermission } from './permissions.ts';
import * as repo from './projects.repo.ts';
import type { ProjectView, ProjectWithSecret, UpdateProjectBody } from './projects.schemas.ts';
import { checkedSchedulePatch, type ScheduleSettings, toScheduleSettings } from './schedule-settings.ts';
import { webhookSigningSecret } from './webhook-secret.ts';

export type ProjectRow = NonNullable<Awaited<ReturnType<typeof repo.findMemberProject>>>;

/** The project as its members see it; the webhook signing secret is derived (webhook-secret.ts), never stored. */
export function toProjectView(row: ProjectRow, secrets: Pick<Deps['secrets'], 'signingSecret'>): ProjectView {
  return {
    id: row.id,
    name: row.name,
    publicKey: row.publicKey,
    secretKeyHint: row.secretKeyHint,
    tracking: row.tracking,
    sendRatePerSecond: row.sendRatePerSecond,
    defaultLocale: row.defaultLocale,
    disabled: toBool(row.disabled),
    mcpWrites: toBool(row.mcpWrites),
    ...toScheduleSettings(row),
    ...toSignupSettings(row),
    webhookSigningSecret: webhookSigningSecret(secrets.signingSecret, row.id),
    role: row.role,
    permissions: permissionsOf(row.role),
    assignableRoles: assignableRoles(row.role),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Resolves an API key to its project. 401 for a malformed or unknown key; 403 for a public key
 * where only a secret key is allowed, or for a disabled project.
 */
export async function authenticateApiKey(
  deps: Pick<Deps, 'db' | 'keyCache'>,
  token: string,
  allowPublic: boolean,
): Promise<{ projectId: string; via: 'secret' | 'public' }> {
  const parsed = parseApiKey(token);
  if (!parsed) throw unauthorized('INVALID_API_KEY', 'The API key is not valid.');
  // Keyed by the key as sent (held in memory only), so a hit costs no hashing.
  const project = await deps.keyCache.keys.read(deps.db, parsed.key);
  if (!project) throw unauthorized('INVALID_API_KEY', 'The API key is not valid.');
  if (parsed.kind === 'public' && !allowPublic) {
    throw forbidden(
      'A public key (pk_) can only call POST /v1/track and POST /v1/subscribe; use the secret key (sk_).',
    );
  }
  if (project.disabled) throw forbidden('This project is disabled.', 'PROJECT_DISABLED');
  return { projectId: project.projectId, via: parsed.kind };
}

/** The project of a member, or 404 (never 403: another tenant's project must look absent). */
export async function getMemberProject(deps: Pick<Deps, 'db'>, userId: string, projectId: string): Promise<ProjectRow> {
  const project = await repo.findMemberProject(deps.db, userId, projectId);
  if (!project) throw notFound('PROJECT');
  return project;
}

export async function listProjects(deps: Pick<Deps, 'db' | 'secrets'>, userId: string): Promise<ProjectView[]> {
  return (await repo.listMemberProjects(deps.db, userId)).map((row) => toProjectView(row, deps.secrets));
}

/** Creates a project owned by `userId`; the answer carries the secret key, shown this once. */
export async function createProject(
  deps: Pick<Deps, 'db' | 'clock' | 'secrets'>,
  userId: string,
  name: string,
): Promise<ProjectWithSecret> {
  // Only the hash of the secret is stored; the secret itself leaves in this answer and nowhere else.
  const { secretKey, ...stored } = generateKeys();
  const id = newId();
  await deps.db
    .transaction()
    .execute((trx) => repo.insertProject(trx, { id, name, ...stored, createdAt: deps.clock.now() }, userId));
  return { ...toProjectView(await getMemberProject(deps, userId, id), deps.secrets), secretKey };
}

/**
 * Changes a project's name, tracking mode, send rate, default locale, MCP writes and sign-up settings
 * (owners and admins); any other field of `patch` is ignored. 422 for sign-up settings that do not hold
 * (signup/signup-settings.service.ts), with nothing written.
 */
export async function updateProjectSettings(
  deps: Pick<Deps, 'db' | 'reader' | 'config' | 'topics' | 'clock' | 'keyCache' | 'secrets' | 'verifiedDomains'>,
  userId: string,
  projectId: string,
  patch: UpdateProjectBody,
): Promise<ProjectView> {
  const current = await getMemberProject(deps, userId, projectId);
  requirePermission(current.role, 'settings.change');
  const signup = await prepareSignupSettings(deps, projectId, current, patch);
  const schedule = checkedSchedulePatch(patch, current.timezone);
  // Named fields only: the route's body may carry extras (they are ignored), never other columns.
  await deps.keyCache.settings.writing(deps.db, projectId, (trx) =>
    repo.updateProject(trx, projectId, {
      name: patch.name,
      tracking: patch.tracking,
      sendRatePerSecond: patch.sendRatePerSecond,
      defaultLocale: patch.defaultLocale,
      mcpWrites: patch.mcpWrites,
      ...schedule,
      ...signup,
      updatedAt: deps.clock.now(),
    }),
  );
  return toProjectView(await getMemberProject(deps, userId, projectId), deps.secrets);
}

/** Rotates both keys; the old secret key stops working with this write (keys are looked up per request). */
export async function regenerateKeys(
  deps: Pick<Deps, 'db' | 'clock' | 'keyCache' | 'secrets'>,
  userId: string,
  projectId: string,
): Promise<ProjectWithSecret> {
  requirePermission((await getMemberProject(deps, userId, projectId)).role, 'keys.rotate');
  const { secretKey, ...stored } = generateKeys();
  await deps.keyCache.keys.writing(deps.db, projectId, (trx) =>
    repo.updateProjectKeys(trx, projectId, { ...stored, updatedAt: deps.clock.now() }),
  );
  return { ...toProjectView(await getMemberProject(deps, userId, projectId), deps.secrets), secretKey };
}

/**
 * Deletes a project and (by cascade) everything it owns, then the files of its uploaded images
 * (best effort: a crash in between leaves unserved files behind, never a row without its file).
 * Owners only.
 */
export async function deleteProject(
  deps: Pick<Deps, 'db' | 'keyCache' | 'config' | 'log'>,
  userId: string,
  projectId: string,
) {
  requirePermission((await getMemberProject(deps, userId, projectId)).role, 'project.delete');
  const files = await projectUploadFiles(deps, projectId);
  await deps.keyCache.keys.writing(deps.db, projectId, (trx) => repo.deleteProject(trx, projectId));
  await removeStoredFiles(deps, files);
}

/** Disables or re-enables a project (an operator action); its keys answer 403 PROJECT_DISABLED at once. */
export async function setProjectDisabled(deps: Pick<Deps, 'db' | 'keyCache'>, projectId: string, disabled: boolean) {
  await deps.keyCache.keys.writing(deps.db, projectId, (trx) => repo.updateProjectDisabled(trx, projectId, disabled));
}

export interface SendSettings {
  tracking: Tracking;
  /** Emails per second: the project's own rate or the configured default. */
  sendRatePerSecond: number;
  /** Suspended or disabled: delivery holds its mail back (sending/rate.ts). */
  disabled: boolean;
  /** Locale for contacts without data.locale; undefined: English. */
  defaultLocale?: string;
  /** Zone, send window, daily marketing cap and warm-up (beyond.md §9). */
  schedule: ScheduleSettings;
}

/** The project's sending settings (cached per process, forgotten on change); 404 PROJECT_NOT_FOUND when it is gone. */
export async function getSendSettings(
  deps: Pick<Deps, 'reader' | 'config' | 'keyCache'>,
  projectId: string,
): Promise<SendSettings> {
  const cached = await deps.keyCache.settings.read(deps.reader, projectId);
  if (!cached) throw notFound('PROJECT');
  return {
    tracking: cached.tracking,
    sendRatePerSecond: cached.sendRatePerSecond ?? deps.config.sendRatePerSecond,
    disabled: cached.disabled,
    defaultLocale: cached.defaultLocale ?? undefined,
    schedule: cached.schedule,
  };
}

/**
 * Whether the project's MCP server lists and runs its write tools (`mcpWrites`, default false), read
 * fresh on every call so turning it off applies at once; 404 PROJECT_NOT_FOUND when the project is gone.
 */
export async function mcpWritesEnabled(deps: Pick<Deps, 'reader'>, projectId: string): Promise<boolean> {
  const row = await repo.findMcpWrites(deps.reader, projectId);
  if (!row) throw notFound('PROJECT');
  return toBool(row.mcpWrites);
}

/** A project as sign-up sees it: name, default locale and settings, read fresh (a change applies at once). */
export interface SignupProject extends SignupSettings {
  id: string;
  name: string;
  disabled: boolean;
  defaultLocale: string | null;
}

/** The project's sign-up view; 404 PROJECT_NOT_FOUND when there is none. */
export async function getSignupProject(deps: Pick<Deps, 'reader'>, projectId: string): Promise<SignupProject> {
  const row = await repo.findSignupProject(deps.reader, projectId);
  if (!row) throw notFound('PROJECT');
  const columns: SignupColumns = row;
  return {
    id: row.id,
    name: row.name,
    disabled: toBool(row.disabled),
    defaultLocale: row.defaultLocale,
    ...toSignupSettings(columns),
  };
}
