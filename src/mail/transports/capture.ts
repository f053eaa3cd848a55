/**
 * The capture transport (the default, for local use): keeps every message in captured_messages,
 * raw MIME included, where GET /outbox and the dashboard read it. Nothing leaves the process.
 * Messages sent at the same time (delivery runs several at once) share one insert and its commit:
 * one commit a message was most of a captured send's cost, on PostgreSQL a WAL flush each.
 */
import type { Insertable } from 'kysely';
import { toJson } from '../../db/codecs.ts';
import type { Db } from '../../db/index.ts';
import type { CapturedMessagesTable } from '../../db/schema.ts';
import { allOk, batcher } from '../../lib/batcher.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { insertCapturedMessages } from '../captured/captured.repo.ts';
import { buildMime, parseHeaderBlock } from '../mime.ts';
import type { Transport } from '../types.ts';

/** Messages per shared insert (raw MIME included, so a statement stays a few MB at most). */
const MAX_GROUP = 32;

/** Stores each message; the captured row's id is the transport message id. */
export function createCaptureTransport(db: Db, clock: Clock = systemClock): Transport {
  const store = batcher<Insertable<CapturedMessagesTable>, void>({
    max: MAX_GROUP,
    group: async (rows) => {
      await insertCapturedMessages(db, rows);
      return allOk(rows.map(() => undefined));
    },
    alone: (row) => insertCapturedMessages(db, [row]),
  });
  return {
    kind: 'capture',
    async send(message) {
      const raw = await buildMime(message);
      const id = newId();
      await store({
        id,
        projectId: message.projectId,
        emailId: message.emailId,
        toEmail: message.to.email.trim().toLowerCase(),
        fromEmail: message.from.email,
        subject: message.subject,
        html: message.html,
        text: message.text,
        // Parsed back from the bytes, so the view shows what was "sent" (DKIM-Signature included).
        headers: toJson(parseHeaderBlock(raw)),
        raw,
        createdAt: clock.now(),
      });
      return { transportMessageId: id, response: `captured as ${id}` };
    },
    async close() {},
  };
}
