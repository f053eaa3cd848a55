// Invariant: the snippet posts to the hosted form with the configured fields, topics and honeypot,
// and nothing a person typed can break out of the markup it is put in.
import { describe, expect, it } from 'vitest';
import { escapeHtml, hostedFormUrl, signupSnippet } from './signup-snippet.ts';

describe('signupSnippet', () => {
  it('posts to the hosted form with every configured field, the topics and the honeypot', () => {
    const html = signupSnippet({
      action: hostedFormUrl('https://mail.acme.test/', 'p1'),
      title: 'Join us',
      description: '',
      fields: [
        { key: 'name', label: 'Your name', type: 'text', required: true },
        { key: 'age', label: 'Age', type: 'number', required: false },
        { key: 'vip', label: 'VIP?', type: 'boolean', required: false },
      ],
      topics: [{ id: 't1', name: 'News' }],
    });
    expect(html).toContain('<form method="post" action="https://mail.acme.test/join/p1">');
    expect(html).toContain('<h2>Join us</h2>');
    expect(html).toContain('<input type="email" name="email" required');
    expect(html).toContain('<input type="text" name="data.name" required>');
    expect(html).toContain('<input type="number" step="any" name="data.age">');
    expect(html).toContain('<input type="checkbox" name="data.vip" value="true">');
    expect(html).toContain('<input type="checkbox" name="topic.t1" value="true"> News');
    expect(html).toContain('name="website"');
    expect(html.trim().endsWith('</form>')).toBe(true);
  });

  it('escapes everything it puts in', () => {
    const html = signupSnippet({
      action: 'https://x.test/join/p"><script>',
      title: '<b>Hi</b> & "you"',
      description: "it's <i>",
      fields: [{ key: 'a"b', label: '<img src=x onerror=alert(1)>', type: 'text', required: false }],
      topics: [{ id: 'id"x', name: '</label><script>alert(1)</script>' }],
    });
    expect(html).not.toMatch(/<script|<img|<b>|<i>/);
    expect(html).toContain('&lt;b&gt;Hi&lt;/b&gt; &amp; &quot;you&quot;');
    expect(html).toContain('it&#39;s &lt;i&gt;');
    expect(html).toContain('name="data.a&quot;b"');
    expect(html).toContain('name="topic.id&quot;x"');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('leaves out an empty title, description and topic list', () => {
    const html = signupSnippet({
      action: 'https://x.test/join/p',
      title: ' ',
      description: '',
      fields: [],
      topics: [],
    });
    expect(html).not.toContain('<h2>');
    expect(html).not.toContain('<fieldset>');
  });
});
