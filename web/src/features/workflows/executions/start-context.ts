/** The optional context of an execution started by hand, read from the JSON typed for it. Pure. */
import { i18n } from '../../../i18n/i18n.ts';

/** The context as the API takes it, or why it cannot be sent (in the dashboard's language). */
export function parseContext(text: string): { context?: Record<string, unknown> } | { error: string } {
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: i18n.t('This is not valid JSON.') };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { error: i18n.t('Give a JSON object, like {example}.', { example: '{"plan": "pro"}' }) };
  return { context: parsed as Record<string, unknown> };
}
