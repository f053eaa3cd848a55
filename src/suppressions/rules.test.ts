// Invariant: a rule's target is read one way everywhere (the API, an import line, the send check): an
// address or `*@domain`, trimmed and lower-cased as contacts store addresses; anything else is refused
// with a reason, and no accepted value carries a control character.
import { describe, expect, it } from 'vitest';
import { inspectRulesFile, readRuleLines } from './import/import-file.ts';
import { domainOf, parseDomain, parseTarget } from './rules.ts';

describe('suppression rule targets', () => {
  it('reads addresses and *@domain patterns in their normal form', () => {
    expect(parseTarget(' Ann@Example.COM ')).toEqual({ ok: true, target: { address: 'ann@example.com' } });
    expect(parseTarget('*@Example.com')).toEqual({ ok: true, target: { domain: 'example.com' } });
    expect(parseDomain('Example.com')).toEqual({ ok: true, domain: 'example.com' });
    expect(parseDomain(' *@mail.example.com ')).toEqual({ ok: true, domain: 'mail.example.com' });
  });

  it('refuses what is neither, with the reason', () => {
    for (const bad of ['', 'no-at', '*@', '*@*.example.com', '*@bad..test', 'a@b', 'a\t@example.com', '@x.com']) {
      expect(parseTarget(bad).ok, bad).toBe(false);
    }
    for (const bad of ['a@example.com', 'localhost', 'exa mple.com', 'ex\tample.com', '*@a@b.com', '']) {
      expect(parseDomain(bad).ok, bad).toBe(false);
    }
  });

  it('names the domain of an address by its last @', () => {
    expect(domainOf('a@b.example.com')).toBe('b.example.com');
    expect(domainOf('"x@y"@b.com')).toBe('b.com');
  });
});

describe('suppression import files', () => {
  const file = (text: string) => Buffer.from(text, 'utf8');

  it('counts the lines of a good file and refuses a header row, binary, bad UTF-8 and emptiness', async () => {
    expect(await inspectRulesFile(file('\ufeffa@x.test\n\n*@y.test\r\nbad\n'))).toEqual({ ok: true, total: 3 });
    expect((await inspectRulesFile(file('email,name\na@x.test,Ann\n'))).ok).toBe(false);
    expect((await inspectRulesFile(Buffer.from([0x61, 0, 0x62]))).ok).toBe(false);
    expect((await inspectRulesFile(Buffer.from([0xff, 0xfe, 0x41]))).ok).toBe(false);
    expect((await inspectRulesFile(file(''))).ok).toBe(false);
    expect((await inspectRulesFile(file('\n\n,,\n'))).ok).toBe(false);
  });

  it('reads lines in batches from a cursor, each judged, with the line it is on', async () => {
    const text = 'a@x.test\n*@y.test\n\nnope\nb@x.test,c@x.test\n"q@x.test"\n';
    const all = [];
    for await (const b of readRuleLines(file(text), 0, 2)) all.push(b);
    expect(all.map((b) => b.consumed)).toEqual([2, 2, 1]);
    expect(all.flatMap((b) => b.lines)).toEqual([
      { line: 1, target: { address: 'a@x.test' } },
      { line: 2, target: { domain: 'y.test' } },
      { line: 4, error: '"nope" is not a valid email address nor *@domain' },
      { line: 5, error: 'has 2 values; put one address or *@domain on each line' },
      { line: 6, target: { address: 'q@x.test' } },
    ]);
    const resumed = [];
    for await (const b of readRuleLines(file(text), 3, 10)) resumed.push(...b.lines);
    expect(resumed.map((l) => l.line)).toEqual([5, 6]);
  });
});
