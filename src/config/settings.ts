/**
 * Settings as TypeBox schemas, and the one reader that walks them. A setting names its variable
 * (`env`: one, or several tried in order), its default and its bounds; its static type is the
 * value's type in Config. Sections (the other files here) are objects of settings; a property
 * without `env` is derived by the section's own rules after the read.
 */
import path from 'node:path';
import { type Static, type TObject, type TSchema, Type } from 'typebox';

export type Env = Record<string, string | undefined>;

/** What the reader finds on a setting's schema (custom keywords beside JSON Schema's). */
interface SettingSchema extends TSchema {
  type?: string;
  env?: string | readonly string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  pattern?: string;
  enum?: readonly string[];
  format?: 'http-url';
  /** The refusal's text after the variable's name. */
  problem?: string;
  /** Whether the refusal quotes the value given; never for secrets. */
  quote?: boolean;
  /** Integers: the value read is multiplied by this (seconds → milliseconds). */
  scale?: number;
  /** Strings: lowercased; `path`: resolved to an absolute path; `raw`: not trimmed (secrets). */
  lowercase?: boolean;
  path?: boolean;
  raw?: boolean;
  properties?: Record<string, SettingSchema>;
  /** Groups: the property without which the group is absent (undefined). */
  presentWhen?: string;
  /** Groups: without `presentWhen`, setting any other of its variables (without a default) is a mistake. */
  orphans?: boolean;
  /** Groups: pairs of properties set both or neither. */
  together?: readonly (readonly [string, string])[];
}

type Names = string | readonly string[];
interface TextOptions {
  pattern?: string;
  problem?: string;
  quote?: boolean;
  lowercase?: boolean;
}

/** The setting builders; each returns the TypeBox schema whose static type the value has. */
export const Setting = {
  /** An integer from `min` to `max` (and its fallback) in the variable's unit; `scale` converts it (seconds → ms). */
  int: (env: string, fallback: number, minimum: number, maximum: number, scale?: number) =>
    Type.Integer({ env, default: fallback * (scale ?? 1), minimum, maximum, scale }),
  /** An integer from `min` to `max`, undefined when unset. */
  optionalInt: (env: string, minimum: number, maximum: number) =>
    Type.Optional(Type.Integer({ env, minimum, maximum })),
  /** true/1/yes/on or false/0/no/off, any case. */
  flag: (env: string, fallback?: boolean) => Type.Boolean({ env, default: fallback }),
  /** A rate above 0 and at most 1 (1: the check never fires before every email failed). */
  fraction: (env: string, fallback: number) =>
    Type.Number({
      env,
      default: fallback,
      exclusiveMinimum: 0,
      maximum: 1,
      problem: 'must be a number above 0 and at most 1, e.g. 0.05 for 5 %',
    }),
  /** Text, trimmed; without a fallback it is required within its group (or filled by the section's rules). */
  text: (env: Names, fallback?: string, options: TextOptions = {}) =>
    Type.String({ env, default: fallback, ...options }),
  optionalText: (env: Names, options: TextOptions = {}) => Type.Optional(Type.String({ env, ...options })),
  /** A path, resolved against the working directory. */
  path: (env: string, fallback: string) => Type.String({ env, default: fallback, path: true }),
  /** An http(s) URL without trailing slashes. */
  url: (env: string, fallback?: string, quote = true) =>
    Type.String({ env, default: fallback, format: 'http-url', problem: 'must be an http(s) URL', quote }),
  optionalUrl: (env: string, quote = true) =>
    Type.Optional(Type.String({ env, format: 'http-url', problem: 'must be an http(s) URL', quote })),
  /** A comma-separated list; blanks and spaces around entries are dropped. */
  list: (env: string) => Type.Array(Type.String(), { env, default: [] }),
  /** Exactly as given (not trimmed), at least `minLength` long; never quoted in a refusal. */
  secret: (env: string, minLength = 32) => Type.Optional(Type.String({ env, minLength, raw: true, quote: false })),
  /** One of `values`. */
  choice: <const V extends readonly string[]>(
    env: string,
    values: V,
    fallback?: V[number],
    options: TextOptions = {},
  ) =>
    Type.Enum([...values] as V[number][], {
      env,
      default: fallback,
      problem: `must be one of ${values.join(', ')}`,
      ...options,
    }),
};

/**
 * Reads the settings of `schema` from `env`. Each refused value adds one line to `problems` and
 * leaves the default in its place, so every problem of a start is reported at once.
 */
export function readSettings<S extends TObject>(schema: S, env: Env, problems: string[]): Static<S> {
  return readGroup(schema as SettingSchema, env, problems) as Static<S>;
}

function readGroup(group: SettingSchema, env: Env, problems: string[]): Record<string, unknown> | undefined {
  const props = group.properties ?? {};
  const key = group.presentWhen ? props[group.presentWhen] : undefined;
  if (key && group.orphans && given(key, env) === undefined) {
    const stray = Object.values(props).filter((s) => s.default === undefined && given(s, env) !== undefined);
    if (stray.length > 0) problems.push(`${stray.map(nameOf).join(', ')} set without ${nameOf(key)}`);
    for (const s of Object.values(props)) if (s.default !== undefined) readValue(s, env, problems);
    return undefined;
  }
  const out: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(props)) {
    if (s.env !== undefined) out[name] = readValue(s, env, problems);
    else if (s.properties) out[name] = readGroup(s, env, problems);
  }
  for (const [a, b] of group.together ?? []) {
    // Whether each is set, not whether it was accepted: a refused value is reported once, as itself.
    if ((given(props[a]!, env) === undefined) !== (given(props[b]!, env) === undefined)) {
      problems.push(`${nameOf(props[a]!)} and ${nameOf(props[b]!)} must be set together`);
    }
  }
  return group.presentWhen && out[group.presentWhen] === undefined ? undefined : out;
}

/** The first of the setting's variables that is set (trimmed unless raw), or undefined. */
function given(s: SettingSchema, env: Env): string | undefined {
  for (const name of typeof s.env === 'string' ? [s.env] : (s.env ?? [])) {
    const v = s.raw ? env[name] : env[name]?.trim();
    if (v !== undefined && v !== '') return v;
  }
  return undefined;
}

const nameOf = (s: SettingSchema) => (typeof s.env === 'string' ? s.env : (s.env?.[0] ?? '?'));

function readValue(s: SettingSchema, env: Env, problems: string[]): unknown {
  const raw = given(s, env);
  if (raw === undefined) return s.type === 'array' ? [] : s.path ? path.resolve(String(s.default)) : s.default;
  const value = parse(s, raw);
  if (value !== undefined) return value;
  const quoted = s.quote === false ? '' : ` (got "${raw}")`;
  problems.push(`${nameOf(s)} ${s.problem ?? defaultProblem(s)}${quoted}`);
  return s.default;
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** The value `raw` stands for, or undefined when the setting refuses it. */
function parse(s: SettingSchema, raw: string): unknown {
  if (s.enum) {
    const v = s.lowercase ? raw.toLowerCase() : raw;
    return s.enum.includes(v) ? v : undefined;
  }
  switch (s.type) {
    case 'integer': {
      const n = Number(raw);
      return Number.isInteger(n) && n >= s.minimum! && n <= s.maximum! ? n * (s.scale ?? 1) : undefined;
    }
    case 'number': {
      const n = Number(raw);
      return Number.isFinite(n) && n > s.exclusiveMinimum! && n <= s.maximum! ? n : undefined;
    }
    case 'boolean': {
      const v = raw.toLowerCase();
      return TRUE.includes(v) ? true : FALSE.includes(v) ? false : undefined;
    }
    case 'array':
      return raw
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
    default: {
      // A short secret makes forged sessions and links feasible; refuse it rather than run weak.
      if (s.minLength !== undefined && raw.length < s.minLength) return undefined;
      if (s.pattern !== undefined && !new RegExp(s.pattern).test(raw)) return undefined;
      const v = s.format === 'http-url' ? raw.replace(/\/+$/, '') : s.lowercase ? raw.toLowerCase() : raw;
      if (s.format === 'http-url' && !isHttpUrl(v)) return undefined;
      return s.path ? path.resolve(v) : v;
    }
  }
}

function defaultProblem(s: SettingSchema): string {
  if (s.type === 'integer') return `must be an integer from ${s.minimum} to ${s.maximum}`;
  if (s.type === 'boolean') return 'must be true or false';
  if (s.minLength !== undefined) return `must be at least ${s.minLength} characters`;
  return `must match ${s.pattern}`;
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
