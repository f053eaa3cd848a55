/**
 * The two checks that reach out: the private-address guard on a transport's host when it is saved
 * (a host that does not resolve yet is accepted: every connection checks again), and
 * POST /transports/:id/test, which connects and logs in without sending.
 */
import type { Deps } from '../deps.ts';
import { invalid } from '../errors.ts';
import { OutboundError, OutboundRefused } from '../lib/outbound/errors.ts';
import { verifySes } from '../mail/transports/ses.ts';
import { type SmtpConnection, verifySmtp } from '../mail/transports/smtp.ts';
import { guardedAgents, transportPin } from './guard.ts';
import { toTransportDef } from './transport-cache.ts';
import type { TransportRow } from './transports.repo.ts';
import type { TransportTestResult } from './transports.schemas.ts';

type CheckDeps = Pick<Deps, 'config' | 'dns'>;

/** 422 URL_NOT_ALLOWED when the relay's host, or the SES endpoint's, resolves to a refused address. */
export async function checkHosts(deps: CheckDeps, smtp?: SmtpConnection, endpoint?: URL): Promise<void> {
  const pin = transportPin(deps);
  const check = async (field: string, host: string, port: number) => {
    try {
      await pin(host, port);
    } catch (err) {
      if (err instanceof OutboundRefused) throw invalid(field, `is refused: ${err.reason}`, 'URL_NOT_ALLOWED');
      if (!(err instanceof OutboundError)) throw err;
    }
  };
  if (smtp) await check('url', smtp.host, smtp.port);
  if (endpoint) await check('ses.endpoint', hostOf(endpoint), portOf(endpoint));
}

const hostOf = (u: URL) => u.hostname.replace(/^\[(.*)\]$/, '$1');
const portOf = (u: URL) => Number(u.port) || (u.protocol === 'http:' ? 80 : 443);

/**
 * Connects to the transport and logs in without sending: SMTP on a one-off connection (no pool),
 * SES with an authenticated read (GetAccount). Every connection passes the guard.
 */
export async function testTransport(
  deps: Pick<Deps, 'config' | 'dns' | 'secrets'>,
  row: TransportRow,
): Promise<TransportTestResult> {
  const started = performance.now();
  const def = toTransportDef(row, deps.secrets.encryptionKey);
  const pin = transportPin(deps);
  const result = await (async () => {
    if (def.broken) return { ok: false, response: def.broken };
    if (def.smtp) return verifySmtp(def.smtp, pin);
    const endpoint = def.ses!.endpoint ? new URL(def.ses!.endpoint) : undefined;
    const port = endpoint ? portOf(endpoint) : 443;
    if (endpoint) {
      // An IP-literal endpoint is never looked up, so the agents' guard would not see it.
      const refused = await pin(hostOf(endpoint), port).then(
        () => undefined,
        (err: Error) => err.message,
      );
      if (refused) return { ok: false, response: refused };
    }
    return verifySes(def.ses!, guardedAgents(pin, port));
  })();
  const secret = def.smtp?.pass || def.ses?.secretAccessKey;
  const response = secret ? result.response.split(secret).join('[redacted]') : result.response;
  return { ok: result.ok, response: response.slice(0, 500), durationMs: Math.round(performance.now() - started) };
}
