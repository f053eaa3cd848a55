/**
 * The SES transport: Amazon SES v2 `SendEmail` with the prebuilt raw MIME, so the DKIM signature,
 * Message-ID and List-Unsubscribe pair reach SES exactly as every other transport sends them.
 */
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { Config } from '../../config.ts';
import { awsCredentials } from '../../lib/aws.ts';
import { buildMime } from '../mime.ts';
import { type Transport, TransportError } from '../types.ts';

/** SES settings: config.ses for the server's transport, a project's own for its SES transports. */
export type SesSettings = Config['ses'];

/**
 * How the SDK's HTTP requests go out (`requestHandler` options): a project's SES transport passes
 * agents whose lookup runs the private-address guard.
 */
export type SesRequestHandler = { httpAgent?: unknown; httpsAgent?: unknown; requestTimeout?: number };

/** Sends through the SES v2 API (region, optional endpoint, credentials and configuration set from config.ses). */
export function createSesTransport(ses: SesSettings, requestHandler?: SesRequestHandler): Transport {
  // The SDK is loaded on the first send: it costs ~24 MB of memory that processes sending through
  // SMTP or capture should not carry (measured with process.memoryUsage around the import).
  let loading: Promise<{
    client: SESv2Client;
    SendEmailCommand: typeof import('@aws-sdk/client-sesv2').SendEmailCommand;
  }>;
  let loaded: SESv2Client | undefined;
  const sdk = () => {
    loading ??= import('@aws-sdk/client-sesv2').then(({ SESv2Client, SendEmailCommand }) => {
      loaded = new SESv2Client({
        region: ses.region,
        endpoint: ses.endpoint,
        credentials: awsCredentials(ses),
        // The delivery pipeline retries with its own backoff and lease; SDK retries would hold the lease.
        maxAttempts: 1,
        ...(requestHandler && { requestHandler: requestHandler as never }),
      });
      return { client: loaded, SendEmailCommand };
    });
    return loading;
  };
  return {
    kind: 'ses',
    async send(message) {
      const [raw, { client, SendEmailCommand }] = await Promise.all([buildMime(message), sdk()]);
      const command = new SendEmailCommand({
        Destination: { ToAddresses: [message.to.email] },
        Content: { Raw: { Data: raw } },
        ConfigurationSetName: ses.configurationSet,
      });
      try {
        const out = await client.send(command);
        if (!out.MessageId) throw new TransportError('SES accepted the message without a MessageId', 'temporary');
        return { transportMessageId: out.MessageId, response: `MessageId ${out.MessageId}` };
      } catch (err) {
        throw toSesTransportError(err);
      }
    },
    async close() {
      loaded?.destroy();
    },
  };
}

/**
 * Asks SES for the account (GetAccount): an authenticated read that sends nothing. `ok` with the
 * sending state and quota, or not `ok` with SES's refusal. The SDK is loaded here, only when asked.
 */
export async function verifySes(
  ses: SesSettings,
  requestHandler?: SesRequestHandler,
): Promise<{ ok: boolean; response: string }> {
  const { SESv2Client, GetAccountCommand } = await import('@aws-sdk/client-sesv2');
  const client = new SESv2Client({
    region: ses.region,
    endpoint: ses.endpoint,
    credentials: awsCredentials(ses),
    maxAttempts: 1,
    ...(requestHandler && { requestHandler: requestHandler as never }),
  });
  try {
    const out = await client.send(new GetAccountCommand({}));
    const quota = out.SendQuota;
    const state = out.SendingEnabled === false ? 'sending paused' : 'sending enabled';
    const limits = quota ? `, ${quota.MaxSendRate ?? '?'}/s, ${quota.Max24HourSend ?? '?'} per 24 h` : '';
    return { ok: true, response: `Authenticated: ${state}${limits}` };
  } catch (err) {
    return { ok: false, response: toSesTransportError(err).message };
  } finally {
    client.destroy();
  }
}

/**
 * SES answers that say "not now": quotas, rate and a paused account clear by themselves or by an
 * operator; refused credentials are our configuration, not the message (as a refused SMTP login is),
 * so the email is tried again, or through a project's next transport, once they are fixed.
 */
const TEMPORARY = new Set([
  'UnrecognizedClientException',
  'InvalidClientTokenId',
  'InvalidSignatureException',
  'SignatureDoesNotMatch',
  'ExpiredTokenException',
  'AccessDeniedException',
  'TooManyRequestsException',
  'LimitExceededException',
  'SendingPausedException',
  'ThrottlingException',
  'Throttling',
  'InternalServiceErrorException',
  'ServiceUnavailable',
]);

/**
 * Reads an SES (or network) failure: throttling, 5xx and no answer at all are temporary; any other
 * refusal (MessageRejected, MailFromDomainNotVerified, AccountSuspended, BadRequest…) is permanent.
 */
export function toSesTransportError(err: unknown): TransportError {
  if (err instanceof TransportError) return err;
  const e = (err ?? {}) as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  const message = `${e.name ?? 'Error'}: ${e.message ?? String(err)}`;
  if (status === undefined || status === 429 || status >= 500 || TEMPORARY.has(e.name ?? '')) {
    return new TransportError(message, 'temporary', false, status);
  }
  return new TransportError(message, 'permanent', false, status);
}
