/**
 * Generators for the input sweep (input-sweep.test.ts): requests built from one OpenAPI operation,
 * mostly malformed: bodies from the operation's schema with wrong types, NUL and unpaired surrogates,
 * deep and wide shapes, extra fields; query values and path values of every awkward kind; content
 * types and credentials that do not fit. Everything is derived from the document, so a new route is
 * swept without a line here.
 */
import fc from 'fast-check';
import { multipartBody } from './contacts-helpers.ts';

export type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
};
export type Parameter = { in: string; name: string; schema?: Schema };
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  security?: Array<Record<string, unknown>>;
};

/** What the test knows about the running app: ids of real rows and working credentials. */
export interface SweepWorld {
  ids: string[];
  secretKey: string;
  cookie: string;
  projectId: string;
}

export interface SweepRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

// Sentinels replaced after JSON.stringify, so deep and wide values never pass through a recursive stringify.
const DEEP = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
const WIDE = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`;
const RAW: Record<string, string> = {
  __deep40__: DEEP(40),
  __deep5000__: DEEP(5000),
  __deepobj200__: `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`,
  __wide1100__: WIDE(1100),
  __wide9000__: WIDE(9000),
  __nulkey__: '{"k\\u0000":1}',
  __surrkey__: '{"\\ud800":1}',
};

const nastyString = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '😀',
  '',
  ' ',
  'x'.repeat(70_000),
  '%00',
  "' or 1=1 --",
  '$."a"',
  'data.a.b',
  '__proto__',
  'constructor',
  '\u202e\u200b',
  'a"b',
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(...Object.keys(RAW)),
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, [], {}, [null], { value: 1 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value that fits `schema` more or less (the closer to valid, the deeper a request gets). */
function fitting(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => fitting(s, depth + 1)));
  switch (schema.type) {
    case 'object': {
      const props = schema.properties ?? {};
      const shape = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fitting(s, depth + 1)]));
      const record = fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
      if (Object.keys(props).length > 0) return record;
      // An open object (contact `data`): the place user-shaped values end up stored, so nasty values go here too.
      return fc.dictionary(
        fc.oneof(fc.string({ maxLength: 8 }), nastyString),
        fc.oneof(fc.jsonValue({ maxDepth: 3 }), nastyValue),
        {
          maxKeys: 6,
        },
      );
    }
    case 'array':
      return fc.array(fitting(schema.items, depth + 1), { maxLength: 4 });
    case 'integer':
      return fc.integer({ min: -5, max: 150 });
    case 'number':
      return fc.double({ noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'email') return fc.constantFrom('sweep@example.test', 'Sweep.User@Example.TEST');
      return fc.oneof(fc.constantFrom('sweep@example.test', 'example.test', 'data.plan'), fc.string({ maxLength: 12 }));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Puts `bad` somewhere inside `value` (a random existing key, a new key, or the root). */
function implant(value: unknown, bad: unknown, pick: number, extraKey: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return bad;
  const keys = Object.keys(value);
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (keys.length === 0 || pick % 3 === 0) copy[extraKey] = bad;
  else {
    const key = keys[pick % keys.length]!;
    copy[key] = implant(copy[key], bad, Math.floor(pick / 3), extraKey);
  }
  return copy;
}

function serialize(value: unknown): string {
  let text = JSON.stringify(value) ?? 'null';
  for (const [name, raw] of Object.entries(RAW)) text = text.replaceAll(`"${name}"`, raw);
  return text;
}

const rawBodies = fc.constantFrom(
  '',
  '{',
  'null',
  '[]',
  '"x"',
  '{"a":1,}',
  '\u0000',
  '{"__proto__":{"x":1}}',
  DEEP(100_000),
);

/** A JSON body text for an operation: fitting, fitting with something bad inside, or broken. */
export function bodyFor(schema: Schema | undefined): fc.Arbitrary<string> {
  const fit = fitting(schema);
  return fc.oneof(
    { weight: 1, arbitrary: fit.map(serialize) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(fit, nastyValue, fc.nat(), fc.oneof(fc.constantFrom('extra', 'id', 'createdAt'), nastyString))
        .map(([v, bad, pick, key]) => serialize(implant(v, bad, pick, key))),
    },
    { weight: 1, arbitrary: rawBodies },
  );
}

const pathValue = (world: SweepWorld) =>
  fc.oneof(
    fc.constantFrom(...world.ids),
    fc.constantFrom(
      '%00',
      'a%00b',
      '%zz',
      '%ED%A0%80',
      '%F0%9F%98%80',
      '%2e%2e',
      '..%2F..',
      '%20',
      'data.%00',
      'data.a%22b',
    ),
    fc.constantFrom('x'.repeat(101), 'x'.repeat(301), 'x'.repeat(501), 'data.'.repeat(60)),
    fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
    fc.constantFrom('data.plan', 'email', 'data', 'data.', 'data..x', 'subscribed'),
  );

const queryValue = fc.oneof(
  fc.constantFrom('%00', '%zz', '%ED%A0%80', '-1', '0', '101', '1e309', 'abc', '', '[]', '%5B%5D', 'x'.repeat(5000)),
  fc.string({ maxLength: 10 }).map(encodeURIComponent),
  fc.integer({ min: -2, max: 200 }).map(String),
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=sweep',
  'application/vnd.api+json',
  'application/json, text/plain',
  '',
];

const multipart = fc
  .tuple(
    fc.oneof(nastyString, fc.constantFrom('list.csv', 'a\u0000.csv', '\ud800.csv', 'x'.repeat(600))),
    // Mostly a valid CSV, so that what else is wrong (the file name) reaches the code that stores it.
    fc.oneof(
      { weight: 3, arbitrary: fc.constant('email,plan\na@x.io,pro\n') },
      { weight: 1, arbitrary: fc.constantFrom('email,plan\n\u0000@x.io,\ud800\n', 'plan\nx\n', '') },
      { weight: 1, arbitrary: nastyString },
    ),
  )
  .map(([filename, content]) => {
    const { payload, headers } = multipartBody(content, { filename });
    return `${headers['content-type']}\n${payload.toString('utf8')}`;
  });

/** One request to `method path`, from the operation's parameters, body schema and security. */
export function requestFor(world: SweepWorld, method: string, path: string, op: Operation): fc.Arbitrary<SweepRequest> {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const json = op.requestBody?.content['application/json']?.schema;
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(method);
  const security = Object.keys(op.security?.[0] ?? {})[0];
  return fc
    .record({
      params: fc.tuple(...names.map(() => pathValue(world)), fc.constant('')),
      query: fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...queryParams, 'extra'), fc.constantFrom('%00', 'a[b]', '__proto__')),
          queryValue,
        ),
        { maxLength: 4 },
      ),
      // A POST without a JSON body in the document may take an upload (multipart is not described there).
      body: json
        ? fc.oneof({ weight: 5, arbitrary: bodyFor(json) }, { weight: 1, arbitrary: multipart })
        : takesBody
          ? fc.oneof({ weight: 1, arbitrary: bodyFor(undefined) }, { weight: 2, arbitrary: multipart })
          : fc.option(bodyFor(undefined)),
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constant('application/json') },
        { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
      auth: fc.oneof(
        { weight: 6, arbitrary: fc.constant(security ?? 'none') },
        { weight: 1, arbitrary: fc.constantFrom('apiKey', 'session', 'none', 'junk') },
      ),
      projectHeader: fc.oneof(
        { weight: 4, arbitrary: fc.constant(world.projectId) },
        { weight: 1, arbitrary: fc.constantFrom('x\u0000', 'nope', '') },
      ),
    })
    .map(({ params, query, body, contentType, auth, projectHeader }) => {
      let url = path;
      names.forEach((name, i) => {
        url = url.replace(`{${name}}`, params[i]!);
      });
      if (query.length > 0) url += `?${query.map(([k, v]) => `${k}=${v}`).join('&')}`;
      const headers: Record<string, string> = {};
      if (auth === 'apiKey') headers.authorization = `Bearer ${world.secretKey}`;
      if (auth === 'session') Object.assign(headers, { cookie: world.cookie, 'x-project-id': projectHeader });
      if (auth === 'junk') headers.authorization = 'Bearer sk_\u00e9\u00e9';
      if (body === null || body === undefined) return { method, url, headers };
      // A multipart body arrives as "<its content type>\n<payload>".
      if (body.startsWith('multipart/form-data; boundary=')) {
        const cut = body.indexOf('\n');
        return {
          method,
          url,
          headers: { ...headers, 'content-type': body.slice(0, cut) },
          payload: body.slice(cut + 1),
        };
      }
      return { method, url, headers: { ...headers, 'content-type': contentType }, payload: body };
    });
}
