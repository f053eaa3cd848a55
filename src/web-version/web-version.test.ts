// Invariant: nothing a campaign or an email holds can break out of the web version's and archive's
// markup or the RSS document: page values are escaped, the email goes whole into a sandboxed frame
// whose links open in a new tab, and the feed is well-formed XML whatever the subject or body.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { escapeXml, rfc822, rssFeed } from './feed.ts';
import { archivePage, EMAIL_FRAME_SANDBOX, frameDocument, webVersionPage } from './pages.ts';

const NASTY = '</title><script>x()</script>"\'&]]><![CDATA[\u0000\u0007\uFFFE';

describe('frameDocument', () => {
  it('puts <base target="_blank"> first in the head, else after the doctype, else first', () => {
    expect(frameDocument('<!doctype html><html><HEAD lang="x"><title>t</title></head></html>')).toBe(
      '<!doctype html><html><HEAD lang="x"><base target="_blank"><title>t</title></head></html>',
    );
    expect(frameDocument('<header>h</header><p>x</p>')).toBe('<base target="_blank"><header>h</header><p>x</p>');
    expect(frameDocument('  <!DOCTYPE html><p>x</p>')).toBe('  <!DOCTYPE html><base target="_blank"><p>x</p>');
  });
});

describe('webVersionPage', () => {
  it('escapes subject and sender, and holds the email in a frame that may run nothing', () => {
    const page = webVersionPage({
      locale: 'fr',
      subject: NASTY,
      sender: '<b>Shop</b>',
      sentAt: '2026-03-03T10:00:00.000Z',
      timeZone: 'Europe/Paris',
      html: '<p onclick="x()">Hi "you"</p><script>steal()</script>',
    });
    expect(page).not.toContain('<script>');
    expect(page).toContain('<h1>&lt;/title&gt;&lt;script&gt;');
    expect(page).toContain('De &lt;b&gt;Shop&lt;/b&gt;');
    expect(page).toContain('3 mars 2026');
    expect(page).toContain(`sandbox="${EMAIL_FRAME_SANDBOX}"`);
    expect(EMAIL_FRAME_SANDBOX).not.toMatch(/allow-scripts|allow-same-origin|allow-top-navigation|allow-forms/);
    expect(page).toContain('srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;p onclick=&quot;x()&quot;&gt;Hi');
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
  });
});

describe('archivePage', () => {
  it('escapes the project and subjects and links the feed; it may be indexed', () => {
    const page = archivePage({
      locale: 'en',
      projectId: 'p1',
      projectName: '<i>Acme</i>',
      feedUrl: 'https://m.test/archive/p1/feed.xml?a=1&b=2',
      items: [{ id: 'c"1', subject: NASTY, sentAt: '2026-03-03T10:00:00.000Z' }],
      olderThan: 'c"1',
      paged: false,
    });
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<i>');
    expect(page).toContain('href="/archive/p1/c%221"');
    expect(page).toContain('href="/archive/p1?before=c%221"');
    expect(page).toContain('href="https://m.test/archive/p1/feed.xml?a=1&amp;b=2"');
    expect(page).toContain('<link rel="alternate" type="application/rss+xml"');
    expect(page).not.toContain('noindex');
  });
});

describe('rssFeed', () => {
  it('is well-formed RSS 2.0 whatever its values hold, and reads them back', () => {
    const xml = rssFeed(
      {
        title: NASTY,
        link: 'https://m.test/archive/p1?a=1&b=2',
        self: 'https://m.test/archive/p1/feed.xml',
        description: 'd',
        language: 'en',
        items: [
          { title: NASTY, link: 'https://m.test/a/"1"', sentAt: '2026-03-03T10:00:00.000Z', html: `<p>${NASTY}</p>` },
        ],
      },
      new Date('2026-03-04T00:00:00.000Z'),
    );
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml);
    const readable = '</title><script>x()</script>"\'&]]><![CDATA[';
    expect(doc.rss.channel.title).toBe(readable);
    expect(doc.rss.channel.item.title).toBe(readable);
    expect(doc.rss.channel.item.description).toBe(`<p>${readable}</p>`);
    expect(doc.rss.channel.item.pubDate).toBe('Tue, 03 Mar 2026 10:00:00 GMT');
    expect(doc.rss.channel.lastBuildDate).toBe('Wed, 04 Mar 2026 00:00:00 GMT');
    expect(rfc822(new Date('2026-12-31T23:59:59.999Z'))).toBe('Thu, 31 Dec 2026 23:59:59 GMT');
    // Characters XML 1.0 cannot carry go (NUL, C0 controls, a lone surrogate); tab stays.
    expect(escapeXml('a\u0000b\u0001c\td\ud800e')).toBe('abc\tde');
  });
});
