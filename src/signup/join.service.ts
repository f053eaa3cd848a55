/**
 * The hosted sign-up form (/join/:projectId): which form a project shows, and a post of it, which
 * follows the rules of POST /v1/subscribe (signup.service.ts) once the form's own checks pass.
 * A form post that fails them stores nothing.
 */
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';
import { getSignupProject, type SignupProject } from '../projects/projects.service.ts';
import { topicDefs } from '../topics/topics.service.ts';
import { type FormErrorKey, readJoinForm } from './pages/join-form.ts';
import type { SubscribeStatus } from './signup.schemas.ts';
import { isHoneypot, type SignupDeps, subscribe } from './signup.service.ts';

export interface JoinForm {
  project: SignupProject;
  /** The form's topics that exist and are public, in the form's order. */
  topics: { id: string; name: string }[];
}

export type JoinOutcome =
  | { kind: 'done'; status: SubscribeStatus; email: string }
  | { kind: 'invalid'; errors: Record<string, FormErrorKey>; values: Record<string, string> };

/** The project's form; undefined for an unknown or disabled project and a form not enabled. */
export async function openJoinForm(
  deps: Pick<Deps, 'reader' | 'topics'>,
  projectId: string,
): Promise<JoinForm | undefined> {
  // Project ids are UUIDs: anything else names no form and never reaches SQL.
  if (!isUuid(projectId)) return undefined;
  const project = await getSignupProject(deps, projectId).catch(() => undefined);
  if (!project || project.disabled || !project.signupForm.enabled) return undefined;
  const defs = new Map((await topicDefs(deps, projectId)).map((t) => [t.id, t]));
  const topics = project.signupForm.topics.flatMap((id) => {
    const t = defs.get(id);
    return t?.public ? [{ id: t.id, name: t.name }] : [];
  });
  return { project, topics };
}

/** Where a sign-up's 422 shows on the form. */
function errorsOf(err: AppError): Record<string, FormErrorKey> {
  const out: Record<string, FormErrorKey> = {};
  for (const e of err.details.errors ?? []) {
    if (e.field === 'email') out.email = 'errorEmail';
    else if (e.field === 'topics') out.topics = 'errorTopics';
  }
  return Object.keys(out).length > 0 ? out : { form: 'errorSummary' };
}

/**
 * Signs up the visitor of a form post. A filled honeypot is "done" at once with nothing stored;
 * missing required fields, a bad email or a bad number give the problems back, nothing stored.
 */
export async function submitJoinForm(deps: SignupDeps, join: JoinForm, body: unknown): Promise<JoinOutcome> {
  const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const status: SubscribeStatus = join.project.doubleOptIn ? 'CONFIRMATION_SENT' : 'SUBSCRIBED';
  const email = typeof fields.email === 'string' ? fields.email : '';
  if (isHoneypot(fields.website)) return { kind: 'done', status, email };
  const read = readJoinForm(
    join.project.signupForm,
    join.topics.map((t) => t.id),
    fields,
  );
  if (Object.keys(read.errors).length > 0) return { kind: 'invalid', errors: read.errors, values: read.values };
  try {
    return { kind: 'done', status: await subscribe(deps, join.project.id, read.input), email };
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode !== 422) throw err;
    return { kind: 'invalid', errors: errorsOf(err), values: read.values };
  }
}
