// Invariant: messages handed to the capture transport at the same time share an insert, yet each send
// answers for its own message: every one is stored under the id it was given, and one that cannot be
// stored (its project is gone) fails alone while the others land.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../src/composition.ts';
import type { Deps } from '../../src/deps.ts';
import { newId } from '../../src/lib/ids.ts';
import { countCapturedMessages } from '../../src/mail/captured/captured.repo.ts';
import { createCaptureTransport } from '../../src/mail/transports/capture.ts';
import type { OutgoingMessage } from '../../src/mail/types.ts';
import { createTestDatabase, DIALECTS, type TestDatabase, testConfig } from '../env.ts';
import { makeFactories } from '../factories.ts';

describe.each(DIALECTS)('the capture transport on %s', (dialect) => {
  let database: TestDatabase;
  let deps: Deps & { close(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    deps = await createDeps(testConfig(database.env));
  });
  afterAll(async () => {
    await deps.close();
    await database.drop();
  });

  const message = (projectId: string, i: number): OutgoingMessage => ({
    emailId: newId(),
    projectId,
    messageId: `${newId()}@example.test`,
    from: { email: 'from@example.test' },
    to: { email: `to${i}@example.test` },
    subject: `message ${i}`,
    html: `<p>${i}</p>`,
    text: `${i}`,
    headers: {},
    attachments: [],
  });

  it('stores a burst of concurrent sends, each under its own id, and fails only the one that cannot be stored', async () => {
    const project = await makeFactories({ deps }).project();
    const transport = createCaptureTransport(deps.db, deps.clock);
    const sends = Array.from({ length: 40 }, (_, i) => message(i === 17 ? 'no-such-project' : project.id, i));
    const outcomes = await Promise.allSettled(sends.map((m) => transport.send(m)));
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(1);
    expect(outcomes[17]!.status).toBe('rejected');
    const ids = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.transportMessageId] : []));
    expect(new Set(ids).size).toBe(39);
    expect(await countCapturedMessages(deps.db, project.id)).toBe(39);
    for (const [i, m] of sends.entries()) {
      if (i === 17) continue;
      expect(await countCapturedMessages(deps.db, project.id, { emailId: m.emailId })).toBe(1);
    }
    await transport.close();
  });
});
