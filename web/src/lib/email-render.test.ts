import { describe, expect, it } from 'vitest';
import {
  previewDocument,
  previewVariables,
  renderLiquid,
  rewriteFallbacks,
  templateVariables,
} from './email-render.ts';

describe('email preview rendering', () => {
  it('rewrites the ?? fallback form outside quotes only', () => {
    expect(rewriteFallbacks('Hi {{ firstName ?? "there" }}!')).toBe('Hi {{ firstName | fallback: "there" }}!');
    expect(rewriteFallbacks('{{ "a ?? b" }}')).toBe('{{ "a ?? b" }}');
    expect(rewriteFallbacks('plain ?? text')).toBe('plain ?? text');
  });

  it('renders bodies escaped, subjects not, with fallbacks and sample data', async () => {
    const vars = previewVariables('me@example.com', { firstName: '<b>Ada</b>' });
    expect((await renderLiquid('body', '<p>Hi {{ firstName }}, {{ email }}</p>', vars)).text).toBe(
      '<p>Hi &lt;b&gt;Ada&lt;/b&gt;, me@example.com</p>',
    );
    expect((await renderLiquid('subject', 'Hi {{ firstName }}', vars)).text).toBe('Hi <b>Ada</b>');
    expect((await renderLiquid('body', 'Hi {{ nickname ?? "friend" }}', vars)).text).toBe('Hi friend');
    expect((await renderLiquid('body', '{% if plan %}paid{% else %}free{% endif %}', vars)).text).toBe('free');
  });

  it('reports a Liquid error and keeps the source', async () => {
    const out = await renderLiquid('body', '<p>{% if x %}</p>', {});
    expect(out.error).toBeTruthy();
    expect(out.text).toBe('<p>{% if x %}</p>');
  });

  it('lists the contact variables a template reads, built-ins left out', () => {
    expect(
      templateVariables('Hi {{ firstName }}', '{{ plan.name ?? "free" }} {{ email }} {{firstName}} {{- city -}}'),
    ).toEqual(['firstName', 'plan', 'city']);
  });

  it('adds the unsubscribe footer to marketing previews before </body>', () => {
    const doc = previewDocument('<html><body><p>x</p></body></html>', true);
    expect(doc).toMatch(/<p>x<\/p><div[^>]*>You received this email[\s\S]*<\/div><\/body><\/html>$/);
    expect(previewDocument('<p>x</p>', false)).toBe('<p>x</p>');
    expect(previewDocument('<p>x</p>', true)).toContain('Unsubscribe');
  });
});
