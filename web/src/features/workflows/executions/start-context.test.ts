// Invariant: a hand-started execution's context is a JSON object or nothing; anything else is said before asking the API.
import { beforeAll, describe, expect, it } from 'vitest';
import { startEnglishForTests } from '../../../i18n/test-i18n.ts';
import { parseContext } from './start-context.ts';

beforeAll(startEnglishForTests);

describe('parseContext', () => {
  it('sends no context for an empty box', () => {
    expect(parseContext('  ')).toEqual({});
  });

  it('takes a JSON object', () => {
    expect(parseContext('{ "source": "support" }')).toEqual({ context: { source: 'support' } });
  });

  it('refuses text that is not JSON, and JSON that is not an object', () => {
    expect(parseContext('{ source }')).toEqual({ error: 'This is not valid JSON.' });
    expect(parseContext('[1]')).toEqual({ error: 'Give a JSON object, like {"plan": "pro"}.' });
    expect(parseContext('null')).toEqual({ error: 'Give a JSON object, like {"plan": "pro"}.' });
  });
});
