// Invariant: every typed entry reaches the API as an address or a domain, and every refusal the API
// names (`addresses.3`) is shown against the line that entry was typed on.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { entryCount, lineErrors, parseEntries } from './entries.ts';

describe('parseEntries', () => {
  it('sorts lines into addresses and domains, skipping blanks and keeping each line number', () => {
    const parsed = parseEntries('ann@example.com\n\n*@spam.test\n  bob@example.com  \nexample.org\r\n');
    expect(parsed.addresses).toEqual(['ann@example.com', 'bob@example.com']);
    expect(parsed.domains).toEqual(['*@spam.test', 'example.org']);
    expect(parsed.lines).toEqual({ 'addresses.0': 1, 'domains.0': 3, 'addresses.1': 4, 'domains.1': 5 });
    expect(entryCount(parsed)).toBe(4);
  });

  it('splits a pasted row on commas, semicolons and spaces', () => {
    const parsed = parseEntries('a@x.test, b@x.test; c@x.test\nd@x.test');
    expect(parsed.addresses).toEqual(['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test']);
    expect(parsed.lines['addresses.2']).toBe(1);
    expect(parsed.lines['addresses.3']).toBe(2);
  });

  it('parses nothing from blank text', () => {
    expect(entryCount(parseEntries(' \n\n'))).toBe(0);
  });
});

describe('lineErrors', () => {
  it('names the line and entry of each refused address or domain, in line order', () => {
    const parsed = parseEntries('ann@example.com\nbob@@example.com\n*@bad_domain');
    const error = new ApiError(422, 'VALIDATION_ERROR', 'Invalid input', [
      { field: 'domains.0', message: 'is not a domain' },
      { field: 'addresses.1', message: 'is not an email address' },
      { field: 'note', message: 'too long' },
    ]);
    expect(lineErrors(error, parsed)).toEqual([
      { line: 2, entry: 'bob@@example.com', message: 'is not an email address' },
      { line: 3, entry: '*@bad_domain', message: 'is not a domain' },
    ]);
  });

  it('finds nothing in other errors', () => {
    expect(lineErrors(new Error('offline'), parseEntries('a@b.test'))).toEqual([]);
  });
});
