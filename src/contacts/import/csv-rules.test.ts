// Invariant: the CSV import rules about headers and cells (1, 3, 4, 5, 6, 7) hold for every file:
// the email column is found, dropped columns never reach `data`, and each cell gets one fixed type.

import { describe, expect, it } from 'vitest';
import { detectDelimiter, isBlankRecord, planColumns, readRow, typeCell } from './csv-rules.ts';

describe('planColumns', () => {
  it('rule 1: finds email in any case and keeps every other named column', () => {
    const r = planColumns(['Name', ' EMAIL ', 'plan']);
    expect(r).toEqual({
      ok: true,
      plan: {
        emailIndex: 1,
        columns: [
          { index: 0, key: 'Name' },
          { index: 2, key: 'plan' },
        ],
      },
    });
  });

  it('rule 4: drops id, subscribed, timestamps, URL variables and reserved keys, in any case, and empty names', () => {
    const header = [
      'email',
      'ID',
      'Subscribed',
      'createdAt',
      'updatedAt',
      'unsubscribeUrl',
      'subscribeUrl',
      'manageUrl',
      'svc_id',
      'plunk_email',
      '',
      ' ',
      'keep',
    ];
    const r = planColumns(header);
    expect(r.ok && r.plan.columns).toEqual([{ index: 12, key: 'keep' }]);
  });

  it('rule 1: refuses a file without an email column, saying when the first row looks like data', () => {
    expect(planColumns(['name', 'city'])).toEqual({ ok: false, message: expect.stringMatching(/no "email" column/) });
    expect(planColumns(['ann@example.test', 'Ann'])).toEqual({
      ok: false,
      message: expect.stringMatching(/header row/),
    });
  });
});

describe('typeCell', () => {
  it.each([
    ['42', 42],
    ['-3', -3],
    ['0', 0],
    ['0.5', 0.5],
    ['-0.25', -0.25],
    ['12.50', 12.5],
    [' 7 ', 7],
  ])('rule 7: %j is the number %j', (cell, value) => {
    expect(typeCell(cell)).toBe(value);
  });

  it.each([
    '007',
    '0123',
    '+1',
    '+15551234',
    '1e5',
    '1E5',
    '.5',
    '5.',
    '1,000',
    '00.5',
    '-007',
    '12345678901234567890',
  ])('rule 7: %j stays a string', (cell) => {
    expect(typeCell(cell)).toBe(cell);
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['Yes', true],
    ['false', false],
    ['NO', false],
  ])('rule 6: %j is the boolean %j', (cell, value) => {
    expect(typeCell(cell)).toBe(value);
  });

  it('rule 5: ISO dates stay strings (their field type is date); blanks are empty', () => {
    expect(typeCell('2026-01-31')).toBe('2026-01-31');
    expect(typeCell('   ')).toBe('');
    expect(typeCell(' Oslo ')).toBe('Oslo');
  });
});

describe('readRow', () => {
  const plan = {
    emailIndex: 0,
    columns: [
      { index: 1, key: 'n' },
      { index: 2, key: 'n' },
    ],
  };

  it('rule 3: reports a missing or invalid email', () => {
    expect(readRow(['', '1'], plan)).toEqual({ ok: false, email: '', reason: 'missing_email' });
    expect(readRow(['nope', '1'], plan)).toEqual({ ok: false, email: 'nope', reason: 'invalid_email' });
    expect(readRow([], plan)).toEqual({ ok: false, email: '', reason: 'missing_email' });
  });

  it('normalises the email and lets a blank cell not hide a same-named column', () => {
    expect(readRow([' A@Example.TEST ', '1', ''], plan)).toEqual({ ok: true, email: 'a@example.test', data: { n: 1 } });
    expect(readRow(['a@example.test', '', '2'], plan)).toEqual({ ok: true, email: 'a@example.test', data: { n: 2 } });
  });
});

describe('file shape', () => {
  it('detects comma, semicolon and tab delimiters from the header line', () => {
    expect(detectDelimiter('email,name')).toBe(',');
    expect(detectDelimiter('email;name')).toBe(';');
    expect(detectDelimiter('email\tname')).toBe('\t');
    expect(detectDelimiter('email')).toBe(',');
  });

  it('treats a record of blank cells as blank', () => {
    expect(isBlankRecord(['', ' '])).toBe(true);
    expect(isBlankRecord(['', 'x'])).toBe(false);
  });
});
