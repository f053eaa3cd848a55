/** Shared by the project safety tests: members of a role, email rows as delivery leaves them, session requests. */
import type { EmailStatus, Role } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import type { TestEnv } from '../env.ts';
import type { TestProject, TestUser } from '../factories.ts';
import { insertSentEmail } from './feedback-helpers.ts';
import { memberOf } from './team-helpers.ts';

export function safetyHelpers(t: TestEnv) {
  return {
    /** A user who is a member of `p` with `role`. */
    member: (p: TestProject, role: Role): Promise<TestUser> => memberOf(t, p, role),
    /** An outbox row with the given status and stamps (defaults: SENT now). */
    async email(
      p: { id: string },
      o: { status?: EmailStatus; sentAt?: Date | null; bouncedAt?: Date | null; contactId?: string | null } = {},
    ): Promise<string> {
      const to = { email: `to-${newId().slice(-8)}@example.test`, contactId: o.contactId ?? null };
      const { id } = await insertSentEmail(t.deps, p.id, to, o.status);
      if (o.sentAt !== undefined || o.bouncedAt) {
        await t.deps.db
          .updateTable('emails')
          .set({ sentAt: o.sentAt, bouncedAt: o.bouncedAt ?? null })
          .where('id', '=', id)
          .execute();
      }
      return id;
    },
    /** A request as a signed-in user. */
    as(user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, projectId?: string) {
      const headers: Record<string, string> = { cookie: user.cookie };
      if (projectId) headers['x-project-id'] = projectId;
      return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    },
  };
}
