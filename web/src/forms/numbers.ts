/** Numbers typed by a person into a text input, and back. */

/**
 * An optional whole number typed by a person: '' → null (no value), a whole number → that number,
 * anything else → the text itself, passed on so the API's validation message names the problem.
 */
export function optionalInteger(text: string): number | null | string {
  const t = text.trim().replace(/[\s,_]/g, '');
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : text;
}

/** The input text for an optional number. */
export function integerText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
