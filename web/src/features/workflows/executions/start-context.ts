/** The optional context of an execution started by hand, read from the JSON typed for it. Pure. */

/** The context as the API takes it, or why it cannot be sent. */
export function parseContext(text: string): { context?: Record<string, unknown> } | { error: string } {
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'This is not valid JSON.' };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { error: 'Give a JSON object, like {"plan": "pro"}.' };
  return { context: parsed as Record<string, unknown> };
}
