// Invariant: the loopback stand-ins for the outside world behave like the real thing where our code
// depends on it: the SMTP sink speaks real SMTP (auth, 550 on refused recipients) and records what
// a client sent; the DNS server answers node:dns over UDP and TCP with true NXDOMAIN/NODATA/CNAME
// semantics and can be made to fail or hang; the HTTP listener records requests and answers as told.

import { promises as dns } from 'node:dns';
import net from 'node:net';
import dnsPacket from 'dns-packet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DnsServer, startDnsServer } from './dns-server.ts';
import { type HttpListener, startHttpListener } from './http-listener.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

interface SmtpReply {
  code: number;
  text: string;
}

/** A minimal hand-driven SMTP client: each send() resolves with the next complete (multi-line) reply. */
async function smtpClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  let buffer = '';
  let waiting: ((reply: SmtpReply) => void) | undefined;
  const flush = () => {
    const match = /^(?:\d{3}-[^\r\n]*\r\n)*(\d{3}) [^\r\n]*\r\n/.exec(buffer);
    if (!waiting || !match) return;
    buffer = buffer.slice(match[0].length);
    const resolve = waiting;
    waiting = undefined;
    resolve({ code: Number(match[1]), text: match[0] });
  };
  socket.on('data', (data: string) => {
    buffer += data;
    flush();
  });
  const read = () =>
    new Promise<SmtpReply>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no SMTP reply; buffer: ${buffer}`)), 2000);
      waiting = (reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
      flush();
    });
  const send = (line: string) => {
    socket.write(`${line}\r\n`);
    return read();
  };
  expect((await read()).code).toBe(220);
  return { send, close: () => socket.destroy() };
}

const plain = (user: string, pass: string) => Buffer.from(`\0${user}\0${pass}`).toString('base64');

describe('smtp sink', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink({
      auth: { user: 'relay', pass: 's3cret' },
      rejectRecipients: (r) => r.endsWith('@bad.test'),
    });
  });
  afterEach(() => sink.clear());
  afterAll(() => sink.close());

  it('exposes an smtp url with credentials and an ephemeral port', () => {
    expect(sink.port).toBeGreaterThan(0);
    expect(sink.url).toBe(`smtp://relay:s3cret@127.0.0.1:${sink.port}`);
  });

  it('records a message sent over a raw authenticated SMTP conversation', async () => {
    const c = await smtpClient(sink.port);
    const ehlo = await c.send('EHLO client.test');
    expect(ehlo.code).toBe(250);
    expect(ehlo.text).toMatch(/^250[ -]AUTH .*PLAIN/m);
    expect(ehlo.text).toMatch(/8BITMIME/);
    expect(ehlo.text).toMatch(/SMTPUTF8/);
    expect(ehlo.text).not.toMatch(/STARTTLS/);
    expect((await c.send(`AUTH PLAIN ${plain('relay', 's3cret')}`)).code).toBe(235);
    expect((await c.send('MAIL FROM:<sender@mailwright.test> BODY=8BITMIME')).code).toBe(250);
    expect((await c.send('RCPT TO:<ann@example.test>')).code).toBe(250);
    expect((await c.send('RCPT TO:<nobody@bad.test>')).code).toBe(550);
    expect((await c.send('RCPT TO:<bob@example.test>')).code).toBe(250);
    expect((await c.send('DATA')).code).toBe(354);
    const body = [
      'From: Sender <sender@mailwright.test>',
      'To: ann@example.test',
      'Subject: =?UTF-8?B?SMOpbGxv?= =?UTF-8?Q?_w=C3=B6rld?=',
      'X-Folded: first part',
      '\tsecond part',
      'X-Folded: ignored second occurrence',
      '',
      'Grüße',
      '..a dot-stuffed line',
      '.',
    ].join('\r\n');
    expect((await c.send(body)).code).toBe(250);
    await c.send('QUIT');
    c.close();

    const [mail] = await sink.waitFor(1);
    expect(mail?.from).toBe('sender@mailwright.test');
    expect(mail?.to).toEqual(['ann@example.test', 'bob@example.test']);
    expect(mail?.subject).toBe('Héllo wörld');
    expect(mail?.headers['x-folded']).toBe('first part\tsecond part');
    expect(mail?.headers['to']).toBe('ann@example.test');
    expect(mail?.raw).toContain('Grüße\r\n.a dot-stuffed line');
    expect(sink.recipients()).toEqual(['ann@example.test', 'bob@example.test']);
  });

  it('refuses mail before auth and refuses wrong credentials', async () => {
    const c = await smtpClient(sink.port);
    await c.send('EHLO client.test');
    expect((await c.send('MAIL FROM:<sender@mailwright.test>')).code).toBe(530);
    expect((await c.send(`AUTH PLAIN ${plain('relay', 'wrong')}`)).code).toBe(535);
    c.close();
    expect(sink.messages).toHaveLength(0);
  });

  it('rejects waitFor with a clear error when too few messages arrive', async () => {
    await expect(sink.waitFor(1, 50)).rejects.toThrow(/smtp-sink messages: waited 50ms for 1, got 0/);
  });

  it('accepts mail without AUTH when started without credentials', async () => {
    const open = await startSmtpSink();
    expect(open.url).toBe(`smtp://127.0.0.1:${open.port}`);
    const c = await smtpClient(open.port);
    await c.send('EHLO client.test');
    await c.send('MAIL FROM:<>');
    await c.send('RCPT TO:<ann@example.test>');
    await c.send('DATA');
    expect((await c.send('Subject: plain\r\n\r\nhi\r\n.')).code).toBe(250);
    c.close();
    expect(open.messages.map((m) => [m.from, m.subject])).toEqual([['', 'plain']]);
    await open.close();
  });
});

describe('dns server', () => {
  let server: DnsServer;
  const resolver = (timeout = 300) => {
    const r = new dns.Resolver({ timeout, tries: 1 });
    r.setServers([server.server]);
    return r;
  };
  beforeAll(async () => {
    server = await startDnsServer();
  });
  afterEach(() => server.clear());
  afterAll(() => server.close());

  it('answers every supported record type to node:dns over UDP', async () => {
    server.set('mail.test', 'A', ['192.0.2.1', '192.0.2.2']);
    server.set('mail.test', 'AAAA', ['2001:db8::1']);
    server.set('mail.test', 'MX', [{ priority: 10, exchange: 'mx1.mail.test' }]);
    server.set('mail.test', 'TXT', ['v=spf1 -all', ['part one ', 'part two']]);
    server.set('mail.test', 'NS', ['ns1.mail.test']);
    server.set('mail.test', 'SOA', [{ mname: 'ns1.mail.test', rname: 'hostmaster.mail.test', serial: 7 }]);
    server.set('www.mail.test', 'CNAME', ['mail.test']);
    const r = resolver();
    expect((await r.resolve4('mail.test')).sort()).toEqual(['192.0.2.1', '192.0.2.2']);
    expect(await r.resolve6('mail.test')).toEqual(['2001:db8::1']);
    expect(await r.resolveMx('mail.test')).toEqual([{ priority: 10, exchange: 'mx1.mail.test' }]);
    expect(await r.resolveTxt('mail.test')).toEqual([['v=spf1 -all'], ['part one ', 'part two']]);
    expect(await r.resolveNs('mail.test')).toEqual(['ns1.mail.test']);
    expect(await r.resolveSoa('mail.test')).toMatchObject({ nsname: 'ns1.mail.test', serial: 7 });
    expect(await r.resolveCname('www.mail.test')).toEqual(['mail.test']);
    expect(server.queries.every((q) => q.transport === 'udp')).toBe(true);
  });

  it('follows a CNAME to the target records of the asked type', async () => {
    server.set('alias.test', 'CNAME', ['Target.test.']);
    server.set('target.test', 'A', ['192.0.2.9']);
    expect(await resolver().resolve4('alias.test')).toEqual(['192.0.2.9']);
  });

  it('treats names case-insensitively and tolerates a trailing dot', async () => {
    server.set('Example.TEST.', 'A', ['192.0.2.3']);
    expect(await resolver().resolve4('example.test')).toEqual(['192.0.2.3']);
    expect(server.queries).toEqual([{ name: 'example.test', type: 'A', transport: 'udp' }]);
  });

  it('answers NXDOMAIN for an unknown name and NODATA for a missing type', async () => {
    server.set('known.test', 'A', ['192.0.2.4']);
    await expect(resolver().resolve4('unknown.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(resolver().resolveMx('known.test')).rejects.toMatchObject({ code: 'ENODATA' });
  });

  it('answers a hand-built query over TCP on the same port', async () => {
    server.set('tcp.test', 'MX', [{ priority: 5, exchange: 'mx.tcp.test' }]);
    const socket = net.connect(server.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.write(dnsPacket.streamEncode({ type: 'query', id: 42, questions: [{ type: 'MX', name: 'tcp.test' }] }));
    await expect.poll(() => Buffer.concat(chunks).length > 2).toBe(true);
    socket.destroy();
    const reply = dnsPacket.decode(Buffer.concat(chunks).subarray(2));
    expect(reply).toMatchObject({ id: 42, type: 'response', flag_aa: true, rcode: 'NOERROR' });
    expect(reply.answers).toEqual([expect.objectContaining({ data: { preference: 5, exchange: 'mx.tcp.test' } })]);
    expect(server.queries).toEqual([{ name: 'tcp.test', type: 'MX', transport: 'tcp' }]);
  });

  it('splits a long TXT value into 255-byte character-strings', async () => {
    const dkim = `v=DKIM1; k=rsa; p=${'A'.repeat(600)}`;
    server.set('sel._domainkey.long.test', 'TXT', [dkim]);
    const [record] = await resolver().resolveTxt('sel._domainkey.long.test');
    expect(record?.map((chunk) => chunk.length)).toEqual([255, 255, dkim.length - 510]);
    expect(record?.join('')).toBe(dkim);
  });

  it('truncates an oversized UDP answer so the client retries over TCP', async () => {
    server.set(
      'big.test',
      'TXT',
      Array.from({ length: 30 }, (_, i) => `record ${i} ${'x'.repeat(100)}`),
    );
    expect(await resolver().resolveTxt('big.test')).toHaveLength(30);
    expect(server.queries.map((q) => q.transport)).toEqual(['udp', 'tcp']);
  });

  it('never answers a hung name, so the client times out', async () => {
    server.hang('slow.test');
    await expect(resolver(200).resolve4('slow.test')).rejects.toMatchObject({ code: 'ETIMEOUT' });
  });

  it('answers SERVFAIL or REFUSED when told to fail', async () => {
    server.set('broken.test', 'A', ['192.0.2.5']);
    server.fail('broken.test', 'SERVFAIL');
    server.fail('closed.test', 'REFUSED');
    await expect(resolver().resolve4('broken.test')).rejects.toMatchObject({ code: 'ESERVFAIL' });
    await expect(resolver().resolve4('closed.test')).rejects.toMatchObject({ code: 'EREFUSED' });
    server.remove('broken.test');
    await expect(resolver().resolve4('broken.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('http listener', () => {
  let listener: HttpListener;
  beforeAll(async () => {
    listener = await startHttpListener();
  });
  afterEach(() => {
    listener.clear();
    listener.respond();
  });
  afterAll(() => listener.close());

  it('records a JSON request and answers 200 {"ok":true} by default', async () => {
    const res = await fetch(`${listener.url}/hooks/in?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': 'abc' },
      body: JSON.stringify({ event: 'email.delivered', id: 'em_1' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const [req] = await listener.waitFor(1);
    expect(req).toMatchObject({
      method: 'POST',
      path: '/hooks/in?x=1',
      json: { event: 'email.delivered', id: 'em_1' },
    });
    expect(req?.headers['x-signature']).toBe('abc');
  });

  it('answers with the programmed response', async () => {
    listener.respond((req) => ({ status: 503, headers: { 'retry-after': '2' }, body: `busy ${req.method}` }));
    const res = await fetch(listener.url, { method: 'PUT', body: 'not json' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.text()).toBe('busy PUT');
    expect(listener.requests[0]).toMatchObject({ body: 'not json' });
    expect(listener.requests[0]?.json).toBeUndefined();
  });

  it('records a request whose delayed response the client gives up on', async () => {
    listener.respond(() => ({ delayMs: 2000 }));
    await expect(fetch(listener.url, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    expect(listener.requests).toHaveLength(1);
  });

  it('rejects waitFor with a clear error and closes despite a pending response', async () => {
    await expect(listener.waitFor(1, 50)).rejects.toThrow(/http-listener requests: waited 50ms for 1, got 0/);
    const other = await startHttpListener();
    other.respond(() => ({ delayMs: 10_000 }));
    const pending = fetch(other.url).catch((err: Error) => err);
    await other.waitFor(1);
    await other.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});
