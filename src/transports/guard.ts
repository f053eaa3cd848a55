/**
 * The private-address guard for a project's own transports: the same rules as webhook URLs
 * (WEBHOOK_ALLOWED_HOSTS exempts), applied when a transport is saved and again at every connection,
 * so a host that later resolves inside (DNS rebinding) is refused when it is connected to.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { parseAllowList } from '../lib/outbound/allow-list.ts';
import { pinAddress, resolverAddresses } from '../lib/outbound/guard.ts';
import type { DnsResolver } from '../lib/resolver.ts';
import type { SesRequestHandler } from '../mail/transports/ses.ts';
import type { AddressPin } from '../mail/transports/smtp.ts';

/** The address `host:port` is connected to once the guard passed every address it resolves to. */
export function transportPin(deps: {
  config: { webhookAllowedHosts: readonly string[] };
  dns: DnsResolver;
}): AddressPin {
  const allow = parseAllowList(deps.config.webhookAllowedHosts);
  const resolve = resolverAddresses(deps.dns);
  return (host, port) => {
    const url = new URL(`tcp://${host.includes(':') ? `[${host}]` : host}:${port}`);
    return pinAddress({ url, host, port }, allow, resolve);
  };
}

/**
 * HTTP agents for the SES SDK whose lookup runs `pin`: every connection goes to a checked address
 * (TLS still checks the certificate against the host name). An IP-literal endpoint never reaches a
 * lookup, so the sender checks it itself (senders.ts).
 */
export function guardedAgents(pin: AddressPin, port: number): SesRequestHandler {
  const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    pin(hostname, port).then(
      (address) => {
        const family = isIP(address);
        if (options.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (err: Error) => callback(err),
    );
  }) as unknown as LookupFunction;
  return {
    httpAgent: new http.Agent({ keepAlive: true, lookup }),
    httpsAgent: new https.Agent({ keepAlive: true, lookup }),
    requestTimeout: 20_000,
  };
}
