// SES v2 API stand-in: the HTTP listener answering `POST /v2/email/outbound-emails` (SendEmail) as
// SES does: it decodes Content.Raw.Data, records the message and answers { MessageId }, or fails
// the way SES fails (the error type in `x-amzn-ErrorType` and the JSON body) when told to.

import { randomUUID } from 'node:crypto';
import { type HttpListener, type HttpResponseSpec, startHttpListener } from './http-listener.ts';

export interface SesSentMessage {
  messageId: string;
  /** Destination.ToAddresses as sent. */
  to: string[];
  configurationSet?: string;
  /** The decoded raw MIME. */
  raw: string;
  /** The request's Authorization header (SigV4), to check that credentials were used. */
  authorization: string;
}

/** A failure SES gives: `throttle` is 429 TooManyRequestsException, `reject` 400 MessageRejected. */
export type SesFailure = 'throttle' | 'reject' | { status: number; type: string; message: string };

export interface SesApi {
  /** http://127.0.0.1:PORT, for SES_ENDPOINT. */
  url: string;
  messages: SesSentMessage[];
  /** Fails later sends this way; without an argument, succeeds again. */
  fail(failure?: SesFailure): void;
  close(): Promise<void>;
}

const FAILURES: Record<'throttle' | 'reject', { status: number; type: string; message: string }> = {
  throttle: { status: 429, type: 'TooManyRequestsException', message: 'Maximum sending rate exceeded.' },
  reject: { status: 400, type: 'MessageRejected', message: 'Email address is not verified.' },
};

export async function startSesApi(): Promise<SesApi> {
  const http: HttpListener = await startHttpListener();
  const messages: SesSentMessage[] = [];
  let failure: SesFailure | undefined;
  http.respond((req): HttpResponseSpec => {
    if (req.method !== 'POST' || req.path !== '/v2/email/outbound-emails') return error(404, 'NotFoundException', '');
    if (failure) {
      const f = typeof failure === 'string' ? FAILURES[failure] : failure;
      return error(f.status, f.type, f.message);
    }
    const body = JSON.parse(req.body) as {
      Content?: { Raw?: { Data?: string } };
      Destination?: { ToAddresses?: string[] };
      ConfigurationSetName?: string;
    };
    const data = body.Content?.Raw?.Data;
    if (!data) return error(400, 'BadRequestException', 'Content.Raw.Data is required.');
    const messageId = `0100${randomUUID().replace(/-/g, '')}-000000`;
    messages.push({
      messageId,
      to: body.Destination?.ToAddresses ?? [],
      configurationSet: body.ConfigurationSetName,
      raw: Buffer.from(data, 'base64').toString('utf8'),
      authorization: req.headers.authorization ?? '',
    });
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ MessageId: messageId }),
    };
  });
  return {
    url: http.url,
    messages,
    fail(next) {
      failure = next;
    },
    close: () => http.close(),
  };
}

function error(status: number, type: string, message: string): HttpResponseSpec {
  return {
    status,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': type },
    body: JSON.stringify({ message }),
  };
}
