/**
 * Input refused at the edge, for every route at once, before auth or a handler sees it: strings the
 * databases cannot store (PostgreSQL refuses NUL in text and jsonb; neither takes an unpaired UTF-16
 * surrogate as text), numbers JSON cannot hold (a literal past ±1.8e308 parses to Infinity, which
 * would be stored as null: a write that silently deletes), and JSON shapes nothing downstream is
 * built for (deeper than BODY_MAX_DEPTH, an object with more than BODY_MAX_KEYS keys). Each is a 422
 * naming the field path.
 *
 * JSON bodies are the only ones parsed here; every other media type is a 415 (multipart is added
 * back by the one route scope that takes uploads, text/plain as JSON by the SNS receiver's, through
 * addJsonParser).
 */
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { Config } from '../config.ts';
import { type FieldError, invalidFields } from '../errors.ts';

export interface ShapeLimits {
  /** Containers (objects, arrays) nested inside each other, the outermost counting as 1. */
  maxDepth: number;
  /** Keys of one object. */
  maxKeys: number;
}

const UNPAIRED = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const UNPAIRED_SURROGATE = new RegExp(UNPAIRED);
// NUL is the point of this pattern, so it is built from text (the linter refuses it in a literal).
const UNSTORABLE = new RegExp(`\\u0000|${UNPAIRED}`, 'g');

/** What is wrong with a string for storage (a phrase: "must not contain …"), or undefined when nothing is. */
export function stringProblem(s: string): string | undefined {
  if (s.includes('\u0000')) return 'must not contain NUL characters (\\u0000)';
  if (UNPAIRED_SURROGATE.test(s)) return 'must not contain unpaired UTF-16 surrogates';
  return undefined;
}

/** A key as it can be shown in an error message: the characters it was refused for are escaped. */
function printable(key: string): string {
  return key.replace(UNSTORABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function join(path: string, key: string): string {
  return path ? `${path}.${printable(key)}` : printable(key);
}

/**
 * The first problem in a parsed JSON value (or a query or params object): an unstorable string or
 * key, a number that overflowed to Infinity, too deep a nesting, too many keys in one object. The walk keeps its own stack, so no depth
 * of input can overflow the call stack while looking.
 */
export function findInputProblem(root: unknown, limits: ShapeLimits, base = ''): FieldError | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: root, path: base, depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    const field = path || '(root)';
    if (typeof value === 'string') {
      const message = stringProblem(value);
      if (message) return { field, message, code: 'INVALID_CHARACTERS' };
      continue;
    }
    if (typeof value === 'number' && !Number.isFinite(value)) {
      return { field, message: 'must be a finite number (at most about ±1.8e308)', code: 'INVALID_NUMBER' };
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth + 1 > limits.maxDepth) {
      return { field, message: `is nested deeper than ${limits.maxDepth} levels`, code: 'TOO_DEEP' };
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], path: join(path, String(i)), depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > limits.maxKeys) {
      return { field, message: `has more than ${limits.maxKeys} keys`, code: 'TOO_MANY_KEYS' };
    }
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const message = stringProblem(key);
      if (message) return { field: join(path, key), message: `has a key that ${message}`, code: 'INVALID_CHARACTERS' };
      stack.push({ value: (value as Record<string, unknown>)[key], path: join(path, key), depth: depth + 1 });
    }
  }
  return undefined;
}

/** The limits of the configuration. */
export function shapeLimits(config: Pick<Config, 'bodyMaxDepth' | 'bodyMaxKeys'>): ShapeLimits {
  return { maxDepth: config.bodyMaxDepth, maxKeys: config.bodyMaxKeys };
}

/**
 * Replaces Fastify's body parsers with one JSON parser that checks what it parsed (Fastify's own
 * parser underneath, so prototype-poisoning keys are still refused), and checks path params and
 * query values on every request before any other hook runs.
 */
export function installInputGuards(app: FastifyInstance, limits: ShapeLimits): void {
  app.removeAllContentTypeParsers();
  addJsonParser(app, 'application/json', limits);
  app.addHook('onRoute', (route) => {
    // A route whose body needs no field takes no body at all, read as {} (a contract route that
    // "takes no body", such as a project reset, may still accept options).
    const body = route.schema?.body;
    if (body === undefined || !acceptsEmptyBody(body)) return;
    const own = route.preValidation === undefined ? [] : [route.preValidation].flat();
    route.preValidation = [emptyBodyAsObject, ...own];
  });
  app.addHook('onRequest', async (req) => {
    const problem = findInputProblem(req.params, limits) ?? findInputProblem(req.query, limits);
    if (problem) throw invalidFields([problem]);
  });
}

/**
 * Whether a route's body may be left out: it has no body schema, or an object schema none of whose
 * fields is required. A JSON `null` is still a body (and refused where an object is expected).
 */
export function acceptsEmptyBody(schema: unknown): boolean {
  if (schema === undefined) return true;
  const s = schema as { type?: unknown; required?: unknown[] };
  return s.type === 'object' && (s.required === undefined || s.required.length === 0);
}

const emptyBodyAsObject: preValidationHookHandler = (req: FastifyRequest, _reply, done) => {
  if (req.body === undefined) req.body = {};
  done();
};

/**
 * Parses bodies of `contentType` as JSON with the same checks (Fastify's parser, then the shape
 * limits). Called on an encapsulated scope, it adds a media type for that scope's routes only
 * (SNS posts its JSON as text/plain).
 */
export function addJsonParser(app: FastifyInstance, contentType: string, limits: ShapeLimits): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(contentType, { parseAs: 'string' }, (req, body, done) => {
    // An empty body is no body where the route can do without one (validation reads it as {}).
    if ((body as string).trim() === '' && acceptsEmptyBody(req.routeOptions.schema?.body)) {
      return done(null, undefined);
    }
    parseJson(req, body as string, (err: Error | null, value?: unknown) => {
      if (err) return done(err, undefined);
      const problem = findInputProblem(value, limits);
      if (problem) return done(invalidFields([problem]), undefined);
      done(null, value);
    });
  });
}
