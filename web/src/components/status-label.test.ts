import { beforeAll, describe, expect, it } from 'vitest';
import { startEnglishForTests } from '../i18n/test-i18n.ts';
import { statusesOf, statusLabel } from './StatusBadge.tsx';

beforeAll(startEnglishForTests);

describe('status labels', () => {
  it('reads an API status as a sentence', () => {
    expect(statusLabel('SENT')).toBe('Sent');
    expect(statusLabel('TEMPORARY_FAILURE')).toBe('Temporary failure');
    expect(statusLabel('uncollectible')).toBe('Uncollectible');
    expect(statusLabel('SOMETHING_NEW')).toBe('Something new');
  });

  it('offers the statuses in the order their record names them', () => {
    expect(statusesOf({ DRAFT: 'gray', SENT: 'green', CANCELLED: 'red' })).toEqual(['DRAFT', 'SENT', 'CANCELLED']);
  });
});
