// S3 API stand-in: a node:http server on 127.0.0.1 answering path-style object requests
// (PUT, GET, HEAD, DELETE on /<bucket>/<key>) the way S3 does, keeping objects in memory as raw
// bytes and recording every request. It refuses requests without a SigV4 Authorization header
// (403 AccessDenied) and answers a missing key with 404 NoSuchKey, like S3.

import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Object {
  body: Buffer;
  /** Lower-cased request headers of the PUT that stored it (content-type, cache-control, …). */
  headers: Record<string, string>;
}

export interface S3Request {
  method: string;
  bucket: string;
  key: string;
  headers: Record<string, string>;
  /** Bytes of the request body. */
  size: number;
  status: number;
}

export interface S3Api {
  /** http://127.0.0.1:PORT, for S3_ENDPOINT (with S3_FORCE_PATH_STYLE=true). */
  url: string;
  bucket: string;
  /** Stored objects by key. */
  objects: Map<string, S3Object>;
  requests: S3Request[];
  /** Answers the next `count` requests with 503 SlowDown (Infinity: all until told 0). */
  fail(count: number): void;
  close(): Promise<void>;
}

export async function startS3Api(bucket = 'mailwright-test'): Promise<S3Api> {
  const objects = new Map<string, S3Object>();
  const requests: S3Request[] = [];
  let failures = 0;

  async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const headers = lowerHeaders(req);
    const reply = (status: number, head: Record<string, string>, out?: Buffer | string) => {
      requests.push({ method: req.method ?? '', bucket: bucketName, key, headers, size: body.length, status });
      res.writeHead(status, head);
      res.end(req.method === 'HEAD' ? undefined : out);
    };
    const error = (status: number, code: string) =>
      reply(
        status,
        { 'content-type': 'application/xml' },
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
      );

    if (failures > 0) {
      failures--;
      return error(503, 'SlowDown');
    }
    if (!headers.authorization?.startsWith('AWS4-HMAC-SHA256 ')) return error(403, 'AccessDenied');
    if (bucketName !== bucket) return error(404, 'NoSuchBucket');
    if (key === '') return error(400, 'InvalidRequest');
    const etag = (b: Buffer) => `"${createHash('md5').update(b).digest('hex')}"`;
    switch (req.method) {
      case 'PUT':
        objects.set(key, { body, headers });
        return reply(200, { etag: etag(body) });
      case 'GET':
      case 'HEAD': {
        const obj = objects.get(key);
        if (!obj) return error(404, 'NoSuchKey');
        return reply(
          200,
          {
            'content-type': obj.headers['content-type'] ?? 'binary/octet-stream',
            'content-length': String(obj.body.length),
            etag: etag(obj.body),
          },
          obj.body,
        );
      }
      case 'DELETE':
        objects.delete(key);
        return reply(204, {});
      default:
        return error(405, 'MethodNotAllowed');
    }
  }

  const server = http.createServer((req, res) => void answer(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    fail(count) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function lowerHeaders(req: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
