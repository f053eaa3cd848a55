import { describe, expect, it } from 'vitest';
import { columnRole, detectDelimiter, previewCsv } from './csv-preview.ts';

describe('previewCsv', () => {
  it('reads the header, the first rows and counts the data rows', () => {
    const text = '\ufeffEmail,plan,seats\r\na@x.io,pro,3\r\n\r\nb@x.io,free,1\r\nc@x.io,team,9\r\n';
    const p = previewCsv(text, 2);
    expect(p.headers).toEqual(['Email', 'plan', 'seats']);
    expect(p.emailIndex).toBe(0);
    expect(p.rows).toEqual([
      ['a@x.io', 'pro', '3'],
      ['b@x.io', 'free', '1'],
    ]);
    expect(p.totalRows).toBe(3);
  });

  it('handles quoted cells with delimiters, quotes and line breaks', () => {
    const p = previewCsv('email,note\na@x.io,"one, ""two""\nthree"\n');
    expect(p.rows).toEqual([['a@x.io', 'one, "two"\nthree']]);
    expect(p.totalRows).toBe(1);
  });

  it('finds semicolon and tab files, and files without an email column', () => {
    expect(detectDelimiter('email;plan;city')).toBe(';');
    expect(detectDelimiter('email\tplan')).toBe('\t');
    const p = previewCsv('name;city\nAda;Oslo');
    expect(p.delimiter).toBe(';');
    expect(p.emailIndex).toBe(-1);
  });

  it('says an empty file has no header', () => {
    expect(previewCsv('').headers).toEqual([]);
    expect(previewCsv('email\n').totalRows).toBe(0);
  });
});

describe('columnRole', () => {
  it('marks the email column, custom fields and dropped columns', () => {
    expect(columnRole('email', 0, 0)).toBe('email');
    expect(columnRole('plan', 1, 0)).toBe('field');
    expect(columnRole('Subscribed', 2, 0)).toBe('ignored');
    expect(columnRole('', 3, 0)).toBe('ignored');
  });
});
