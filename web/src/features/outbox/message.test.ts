import { describe, expect, it } from 'vitest';
import { emlFileName, sortedHeaders } from './message.ts';

describe('outbox message helpers', () => {
  it('names the .eml file after the subject, safely', () => {
    expect(emlFileName('Hello Ann — your report', 'id1')).toBe('Hello-Ann-your-report.eml');
    expect(emlFileName('../../etc/passwd', 'id1')).toBe('etcpasswd.eml');
    expect(emlFileName('  ', 'id1')).toBe('id1.eml');
    expect(emlFileName('Café ünïcode', 'id1')).toBe('Cafe-unicode.eml');
  });

  it('puts the headers people look for first, then the rest by name', () => {
    const order = sortedHeaders({
      'x-b': '1',
      subject: 's',
      'dkim-signature': 'd',
      from: 'f',
      to: 't',
      'x-a': '2',
    }).map(([k]) => k);
    expect(order).toEqual(['from', 'to', 'subject', 'dkim-signature', 'x-a', 'x-b']);
  });
});
