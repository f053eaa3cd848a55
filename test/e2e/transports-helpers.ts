/**
 * Shared by the transports tests: the API calls, a closed loopback port (a relay that refuses
 * connections), an SES v2 stand-in that answers GetAccount and SendEmail for one access key only,
 * and outbox rows delivered by calling the delivery worker directly.
 */
import net from 'node:net';
import { expect } from 'vitest';
import type { EmailType } from '../../src/db/schema.ts';
import { insertEmail } from '../../src/emails/outbox.repo.ts';
import { deliverDue } from '../../src/sending/delivery.ts';
import type { TestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { type HttpListener, type HttpResponseSpec, startHttpListener } from '../servers/http-listener.ts';
import { testEmail } from './send-helpers.ts';

/** A loopback port nothing listens on: connecting to it is refused at once. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface SesStandIn {
  url: string;
  http: HttpListener;
  /** Raw MIME of every message sent through it. */
  sent: string[];
}

/**
 * An SES v2 stand-in: GET /v2/email/account answers the account, POST /v2/email/outbound-emails
 * records the message, both only for requests signed with `accessKeyId` (403 otherwise).
 */
export async function startSesStandIn(accessKeyId: string): Promise<SesStandIn> {
  const http = await startHttpListener();
  const sent: string[] = [];
  const json = (status: number, body: unknown, type?: string): HttpResponseSpec => ({
    status,
    headers: { 'content-type': 'application/json', ...(type && { 'x-amzn-errortype': type }) },
    body: JSON.stringify(body),
  });
  http.respond((req) => {
    if (!(req.headers.authorization ?? '').includes(`Credential=${accessKeyId}/`)) {
      return json(
        403,
        { message: 'The security token included in the request is invalid.' },
        'UnrecognizedClientException',
      );
    }
    if (req.method === 'GET' && req.path === '/v2/email/account') {
      return json(200, {
        SendingEnabled: true,
        SendQuota: { Max24HourSend: 50000, MaxSendRate: 14, SentLast24Hours: 0 },
      });
    }
    if (req.method === 'POST' && req.path === '/v2/email/outbound-emails') {
      const body = JSON.parse(req.body) as { Content: { Raw: { Data: string } } };
      sent.push(Buffer.from(body.Content.Raw.Data, 'base64').toString('utf8'));
      return json(200, { MessageId: `ses-${sent.length}` });
    }
    return json(404, { message: 'no such route' }, 'NotFoundException');
  });
  return { url: http.url, http, sent };
}

export function transportApi(t: TestEnv) {
  const call = (p: TestProject, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload && { payload }) });
  return {
    call,
    /** Creates a transport and answers its view (201 expected). */
    async create(p: TestProject, body: object) {
      const res = await call(p, 'POST', '/transports', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; name: string; url: string | null };
    },
    /** Stores a PENDING outbox row of `emailType` to `to` and answers its id. */
    async storeEmail(p: TestProject, to: string, emailType: EmailType = 'TRANSACTIONAL') {
      const email = { ...testEmail(p.id), emailType, toEmail: to, subject: `to ${to}` };
      await insertEmail(t.deps.db, t.deps.dialect, email, t.deps.clock.now());
      return email.id;
    },
    /** Runs the delivery worker over everything due now. */
    deliver: () => deliverDue(t.deps, 10_000),
    row: (id: string) => t.deps.db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    /** The email log's attempts of the email, through GET /emails/:id. */
    async attempts(p: TestProject, id: string) {
      const res = await call(p, 'GET', `/emails/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().attempts as Array<{
        transport: string;
        transportId?: string;
        result: string;
        response: string;
      }>;
    },
  };
}
