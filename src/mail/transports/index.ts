/** The server's mail transport, the one MAIL_TRANSPORT names (projects' own: transports/senders.ts). */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Transport } from '../types.ts';
import { createCaptureTransport } from './capture.ts';
import { createSesTransport } from './ses.ts';
import { createSmtpTransport } from './smtp.ts';

/** The configured transport: `capture` stores into captured_messages, `smtp` pools to SMTP_URL, `ses` calls SES v2. */
export function createServerTransport(config: Config, db: Db, clock?: Clock): Transport {
  switch (config.mailTransport) {
    case 'smtp':
      return createSmtpTransport(config);
    case 'ses':
      return createSesTransport(config.ses);
    default:
      return createCaptureTransport(db, clock);
  }
}
