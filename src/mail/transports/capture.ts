/**
 * The capture transport (the default, for local use): keeps every message in captured_messages,
 * raw MIME included, where GET /outbox and the dashboard read it. Nothing leaves the process.
 */
import { toJson } from '../../db/codecs.ts';
import type { Db } from '../../db/index.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { insertCapturedMessage } from '../captured/captured.repo.ts';
import { buildMime, parseHeaderBlock } from '../mime.ts';
import type { Transport } from '../types.ts';

/** Stores each message; the captured row's id is the transport message id. */
export function createCaptureTransport(db: Db, clock: Clock = systemClock): Transport {
  return {
    kind: 'capture',
    async send(message) {
      const raw = await buildMime(message);
      const id = newId();
      await insertCapturedMessage(db, {
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
