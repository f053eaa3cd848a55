// Invariant: with click tracking, every web link of an <a> tag leads through a signed click link that
// redirects to exactly the URL the author wrote (as a browser resolves it), and nothing else changes:
// our own subscription links, non-web links and text that merely looks like an attribute stay as they
// are. Any input, however hostile, is scanned in linear time.
import { describe, expect, it } from 'vitest';
import { readClickToken, readOpenToken } from '../links.ts';
import { withoutOpenPixel, withTracking } from './tracking-links.ts';

const SECRET = 'secret-for-tests';
const BASE = 'http://mail.test';
const opts = { baseUrl: BASE, secret: SECRET, projectId: 'p1', emailId: 'e1', opens: false, clicks: true };

/** The destinations of the click links in `html`, in order. */
function clickTargets(html: string): string[] {
  return [...html.matchAll(/http:\/\/mail\.test\/t\/c\/([A-Za-z0-9_.-]+)/g)].map((m) => {
    const t = readClickToken(SECRET, m[1]!);
    expect(t).toMatchObject({ p: 'p1', e: 'e1' });
    return t!.u;
  });
}

describe('withTracking clicks', () => {
  it('rewrites double-quoted, single-quoted, unquoted and upper-case links', () => {
    const html =
      '<a href="https://a.test/1">1</a><a class=x href=\'https://a.test/2\'>2</a>' +
      '<a href=https://a.test/3>3</a><A HREF = "HTTPS://A.TEST/4">4</A>\n<a\nhref="http://a.test/5"\n>5</a>';
    const out = withTracking(html, opts);
    expect(clickTargets(out)).toEqual([
      'https://a.test/1',
      'https://a.test/2',
      'https://a.test/3',
      'https://a.test/4',
      'http://a.test/5',
    ]);
    expect(out).not.toContain('a.test');
    expect(out).toContain('>1</a>');
    expect(out).toContain('<a class=x href="http://mail.test/t/c/');
  });

  it('decodes character references before signing', () => {
    const out = withTracking('<a href="https://a.test/?x=1&amp;y=2&#38;z=&#x33;">go</a>', opts);
    expect(clickTargets(out)).toEqual(['https://a.test/?x=1&y=2&z=3']);
  });

  it('signs the URL as a browser resolves it (trimmed, non-ASCII percent-encoded)', () => {
    const out = withTracking('<a href="  https://a.test/über?q=ü ">x</a>', opts);
    expect(clickTargets(out)).toEqual(['https://a.test/%C3%BCber?q=%C3%BC']);
  });

  it('leaves our subscription pages, non-web and relative links alone', () => {
    const kept = [
      `${BASE}/unsubscribe/tok.mac`,
      `${BASE}/subscribe/tok.mac`,
      `${BASE}/manage/tok.mac`,
      `${BASE}/view/tok.mac`,
      `${BASE}/t/c/already.tracked`,
      'mailto:ann@example.test',
      'tel:+4912345',
      '#top',
      '/relative/path',
      'javascript:alert(1)',
      '',
    ];
    const html = kept.map((u) => `<a href="${u}">x</a>`).join('');
    expect(withTracking(html, opts)).toBe(html);
  });

  it('touches no href outside an <a> tag: text, other tags, comments, other attributes', () => {
    const html =
      '<p>write href="https://a.test/" in text</p><link href="https://a.test/css"><area href="https://a.test/m">' +
      '<!-- <a href="https://a.test/c">c</a> --><a title="a > href=https://a.test/t" data-href="https://a.test/d">n</a>' +
      '<abbr href="https://a.test/abbr">x</abbr>';
    expect(withTracking(html, opts)).toBe(html);
  });

  it('rewrites only the href value, keeping the rest of the tag', () => {
    const out = withTracking('<a style="color:red" href="https://a.test/" target=_blank>x</a>', opts);
    expect(out).toMatch(/^<a style="color:red" href="http:\/\/mail\.test\/t\/c\/[^"]+" target=_blank>x<\/a>$/);
  });

  it('leaves an unterminated tag and everything after it as written', () => {
    const html = '<a href="https://a.test/1">1</a><a href="https://a.test/2';
    const out = withTracking(html, opts);
    expect(clickTargets(out)).toEqual(['https://a.test/1']);
    expect(out.endsWith('<a href="https://a.test/2')).toBe(true);
  });

  it('changes nothing when clicks are off', () => {
    const html = '<a href="https://a.test/">x</a>';
    expect(withTracking(html, { ...opts, clicks: false })).toBe(html);
  });

  it('scans 1 MB of hostile markup in linear time', () => {
    const hostile = [
      '<a href='.repeat(131_072),
      '<a href="'.repeat(116_508),
      '<'.repeat(1 << 20),
      '<a '.repeat(349_525),
      '<!--'.repeat(262_144),
      `<a ${'x='.repeat(524_288)}`,
      '<a href="https://a.test/">'.repeat(10_000),
      '&#'.repeat(524_288),
    ];
    for (const html of hostile) {
      const started = performance.now();
      withTracking(`<a href="${html}">x</a>${html}`, { ...opts, opens: true });
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});

describe('withTracking opens', () => {
  it('adds a hidden 1x1 pixel carrying a signed open token before </body>', () => {
    const out = withTracking('<html><body><p>Hi</p></BODY></html>', { ...opts, opens: true, clicks: false });
    const m = out.match(
      /^<html><body><p>Hi<\/p><img src="http:\/\/mail\.test\/t\/o\/([^"]+)" width="1" height="1" alt="" style="display:none"><\/BODY><\/html>$/,
    );
    expect(m).not.toBeNull();
    expect(readOpenToken(SECRET, m![1]!)).toMatchObject({ p: 'p1', e: 'e1' });
  });

  it('appends the pixel to a body without </body>', () => {
    expect(withTracking('<p>Hi</p>', { ...opts, opens: true, clicks: false })).toMatch(/^<p>Hi<\/p><img src="/);
  });
});

describe('withoutOpenPixel', () => {
  const tracked = (html: string) => withTracking(html, { ...opts, opens: true, clicks: true });

  it('gives back the body as tracked minus its pixel: click links stay', () => {
    const html =
      '<html><body><p>Hi</p><a href="https://a.test/">x</a><img src="https://a.test/logo.png"></body></html>';
    const out = withoutOpenPixel(tracked(html));
    expect(out).not.toContain('/t/o/');
    expect(clickTargets(out)).toEqual(['https://a.test/']);
    expect(out).toContain('<img src="https://a.test/logo.png">');
    expect(out).toBe(withTracking(html, { ...opts, opens: false, clicks: true }));
  });

  it("drops an open pixel of ours written under another public address, and nothing like it that isn't one", () => {
    const moved = withTracking('<p>Hi</p>', { ...opts, baseUrl: 'https://old.test', opens: true, clicks: false });
    expect(withoutOpenPixel(moved)).toBe('<p>Hi</p>');
    const lookalikes =
      '<img src="https://a.test/t/o/x.y" width="2" height="1" alt="" style="display:none"><img src="/t/o/">';
    expect(withoutOpenPixel(lookalikes)).toBe(lookalikes);
  });
});
