/** The sample-data box of the template editor (and of tracking an event by hand): JSON text to an object. */

/** Parses the sample-data box: an object, or the reason it is not one. */
export function parseSample(text: string): { value: Record<string, unknown> } | { error: string } {
  if (!text.trim()) return { value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return { error: 'Sample data must be a JSON object, like {"firstName": "Ada"}.' };
    }
    return { value: value as Record<string, unknown> };
  } catch (e) {
    return { error: `Sample data is not valid JSON: ${(e as Error).message}` };
  }
}
