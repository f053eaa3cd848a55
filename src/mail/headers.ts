/**
 * Checks on what /v1/send puts into message headers: custom header names and values, display names,
 * attachment filenames and content types. Each returns the problems as FieldErrors (empty when fine);
 * the caller throws them with invalidFields. CR, LF and NUL are refused everywhere (header
 * injection), and so are the Unicode line breaks U+0085, U+2028 and U+2029: a mail client or a
 * gateway may treat them as line ends, and no legitimate header needs them.
 */
import type { FieldError } from '../errors.ts';

export const MAX_CUSTOM_HEADERS = 50;
const MAX_NAME = 76;
const MAX_VALUE = 998;
const MAX_DISPLAY_NAME = 200;
const MAX_FILENAME = 255;
const MAX_CONTENT_TYPE = 255;

/** Header fields we write ourselves: a custom header may not set, repeat or override them. */
export const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'date',
  'message-id',
  'reply-to',
  'sender',
  'return-path',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'content-disposition',
  'dkim-signature',
  'x-mailwright-email-id',
  'list-unsubscribe',
  'list-unsubscribe-post',
  'received',
]);

const LINE_BREAK = /[\r\n\0\u0085\u2028\u2029]/;
// Other C0 controls and DEL; tab stays allowed (it is header whitespace).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const CONTROL = /[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const CONTROL_OR_C1 = /[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;
// RFC 5322 ftext: printable ASCII except ':'.
const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]+$/;

const error = (field: string, message: string, code: string): FieldError => ({ field, message, code });

/** A line break or, when `controls` is given, another control character in `value`. */
function characterProblem(field: string, value: string, controls: RegExp): FieldError | undefined {
  if (LINE_BREAK.test(value)) return error(field, 'must not contain line breaks or NUL characters', 'HEADER_INJECTION');
  if (controls.test(value)) return error(field, 'must not contain control characters', 'INVALID_CHARACTER');
  return undefined;
}

/**
 * The problems of a custom header map: count, names (ftext, ≤ 76, not ours, no repeats) and values.
 * `reserved` says which (lower-cased) names we set ourselves: a mail's by default.
 */
export function checkCustomHeaders(
  headers: Record<string, unknown>,
  field = 'headers',
  reserved: (lowerName: string) => boolean = (name) => RESERVED_HEADERS.has(name),
): FieldError[] {
  const entries = Object.entries(headers);
  if (entries.length > MAX_CUSTOM_HEADERS) {
    return [error(field, `at most ${MAX_CUSTOM_HEADERS} headers are allowed`, 'TOO_MANY_HEADERS')];
  }
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    // A hostile name is echoed in the error; long ones are cut so the answer stays small.
    const f = `${field}.${name.length > MAX_NAME ? `${name.slice(0, MAX_NAME)}…` : name}`;
    const problem = nameProblem(f, name, seen, reserved) ?? valueProblem(f, value);
    if (problem) errors.push(problem);
  }
  return errors;
}

function nameProblem(
  f: string,
  name: string,
  seen: Set<string>,
  reserved: (lowerName: string) => boolean,
): FieldError | undefined {
  const lower = name.toLowerCase();
  const broken = characterProblem(f, name, CONTROL);
  if (broken) return broken;
  if (name.length === 0) return error(f, 'header names must not be empty', 'INVALID_HEADER_NAME');
  if (name.length > MAX_NAME) return error(f, `header names are at most ${MAX_NAME} characters`, 'TOO_LONG');
  if (!FIELD_NAME.test(name)) {
    return error(f, 'header names are printable ASCII without spaces or ":"', 'INVALID_HEADER_NAME');
  }
  if (reserved(lower)) return error(f, `${name} is set by Mailwright and cannot be given`, 'RESERVED_HEADER');
  if (seen.has(lower)) return error(f, 'the header is given twice (names are case-insensitive)', 'DUPLICATE_HEADER');
  seen.add(lower);
  return undefined;
}

function valueProblem(f: string, value: unknown): FieldError | undefined {
  if (typeof value !== 'string') return error(f, 'header values must be strings', 'INVALID_TYPE');
  const broken = characterProblem(f, value, CONTROL);
  if (broken) return broken;
  if (value.length > MAX_VALUE) return error(f, `header values are at most ${MAX_VALUE} characters`, 'TOO_LONG');
  return undefined;
}

/** The problems of a sender or recipient display name: a string of at most 200 characters, no controls. */
export function checkDisplayName(field: string, name: unknown): FieldError[] {
  if (typeof name !== 'string') return [error(field, 'must be a string', 'INVALID_TYPE')];
  const broken = characterProblem(field, name, CONTROL_OR_C1);
  if (broken) return [broken];
  if (name.length > MAX_DISPLAY_NAME) {
    return [error(field, `must be at most ${MAX_DISPLAY_NAME} characters`, 'TOO_LONG')];
  }
  return [];
}

/** The problems of an attachment filename: 1–255 characters, no controls, no path separators. */
export function checkFilename(field: string, name: unknown): FieldError[] {
  if (typeof name !== 'string') return [error(field, 'must be a string', 'INVALID_TYPE')];
  const broken = characterProblem(field, name, CONTROL_OR_C1);
  if (broken) return [broken];
  if (name.length === 0) return [error(field, 'must not be empty', 'INVALID_VALUE')];
  if (name.length > MAX_FILENAME) return [error(field, `must be at most ${MAX_FILENAME} characters`, 'TOO_LONG')];
  if (/[/\\]/.test(name)) return [error(field, 'must be a file name, without "/" or "\\"', 'INVALID_VALUE')];
  return [];
}

// RFC 2045: type/subtype tokens, then `; attribute=value` parameters (value a token or a quoted string).
// Tokens exclude ';', '=', '"' and spaces, so the repetition below has one way to match: no backtracking blow-up.
const TOKEN = "[!#$%&'*+.^_`{|}~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\x20-\\x7e])*"';
const CONTENT_TYPE = new RegExp(
  `^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*[ \\t]*;?[ \\t]*$`,
);

/** The problems of a MIME content type such as `text/csv; charset=utf-8`. */
export function checkContentType(field: string, value: unknown): FieldError[] {
  if (typeof value !== 'string') return [error(field, 'must be a string', 'INVALID_TYPE')];
  const broken = characterProblem(field, value, CONTROL);
  if (broken) return [broken];
  if (value.length > MAX_CONTENT_TYPE) {
    return [error(field, `must be at most ${MAX_CONTENT_TYPE} characters`, 'TOO_LONG')];
  }
  if (!CONTENT_TYPE.test(value)) {
    return [
      error(
        field,
        'must be a MIME type like "type/subtype", optionally with "; name=value" parameters',
        'INVALID_VALUE',
      ),
    ];
  }
  return [];
}
