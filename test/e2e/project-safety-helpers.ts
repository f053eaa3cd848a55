/** Shared by the project safety tests: members of a role, email rows as delivery leaves them, session requests. */
import type { EmailStatus, Role } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import type { TestEnv } from '../env.ts';
import type { TestProject, TestUser } from '../factories.ts';

export function safetyHelpers(t: TestEnv) {
  return {
    /** A user who is a member of `p` with `role` (memberships are rows; the team API adds them the same way). */
    async member(p: TestProject, role: Role): Promise<TestUser> {
      const user = await t.make.user();
      await t.deps.db
        .insertInto('memberships')
        .values({ projectId: p.id, userId: user.id, role, createdAt: new Date() })
        .execute();
      return user;
    },
    /** An outbox row with the given status and stamps (defaults: SENT now). */
    async email(
      p: { id: string },
      o: { status?: EmailStatus; sentAt?: Date | null; bouncedAt?: Date | null; contactId?: string | null } = {},
    ): Promise<string> {
      const id = newId();
      const now = new Date();
      await t.deps.db
        .insertInto('emails')
        .values({
          id,
          messageId: `${id}@mail.example.test`,
          projectId: p.id,
          contactId: o.contactId ?? null,
          sourceType: 'TRANSACTIONAL',
          emailType: 'TRANSACTIONAL',
          status: o.status ?? 'SENT',
          priority: 0,
          toEmail: `to-${id.slice(-8)}@example.test`,
          fromEmail: 'news@sender.example.test',
          subject: 'Hello',
          html: '<p>Hello</p>',
          text: 'Hello',
          headers: '{}',
          hasAttachments: false,
          attempts: 1,
          openCount: 0,
          clickCount: 0,
          nextAttemptAt: now,
          sentAt: o.sentAt === undefined ? now : o.sentAt,
          bouncedAt: o.bouncedAt ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
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
