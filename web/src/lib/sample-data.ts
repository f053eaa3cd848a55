/** The sample-data box of the template editor (and of tracking an event by hand): JSON text to an object. */
import { i18n } from '../i18n/i18n.ts';

/** Parses the sample-data box: an object, or the reason it is not one. */
export function parseSample(text: string): { value: Record<string, unknown> } | { error: string } {
  if (!text.trim()) return { value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return {
        error: i18n.t('Sample data must be a JSON object, like {example}.', { example: '{"firstName": "Ada"}' }),
      };
    }
    return { value: value as Record<string, unknown> };
  } catch (e) {
    // The parser's own words follow, as the browser gives them.
    return { error: i18n.t('Sample data is not valid JSON: {reason}', { reason: (e as Error).message }) };
  }
}
