/**
 * For unit tests of code that puts things in words (describe functions, labels, models): starts the
 * dashboard's translator in English without catalogs, so every message reads as its English text,
 * formatted as ICU. `beforeAll(startEnglishForTests)`; a second call does nothing.
 */
import { i18n, initTranslator } from './i18n.ts';

export async function startEnglishForTests(): Promise<void> {
  if (!i18n.isInitialized) await initTranslator('en', { en: {} });
}
