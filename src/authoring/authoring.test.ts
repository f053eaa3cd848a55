import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedContent, compileContent, contentView } from './content.ts';
import { escapeAttribute, escapeText, restoreLiquid } from './liquid-text.ts';
import { sanitizeInline } from './sanitize.ts';
import { documentToMjml } from './to-mjml.ts';

describe('Liquid inside written text', () => {
  it('escapes around Liquid and leaves Liquid whole', () => {
    expect(escapeText('a < b & {{ x ?? "<y>" }} {% if a > 1 %}')).toBe(
      'a &lt; b &amp; {{ x ?? "<y>" }} {% if a > 1 %}',
    );
    expect(escapeAttribute('https://x.test/?a=1&b="2"')).toBe('https://x.test/?a=1&amp;b=&quot;2&quot;');
    expect(restoreLiquid(escapeAttribute('{{ u ?? "https://x.test" }}'))).toBe('{{ u ?? "https://x.test" }}');
  });
});

describe('sanitizeInline', () => {
  it('keeps the inline elements, drops the rest, and gives Liquid back as written', () => {
    expect(
      sanitizeInline('<p>A <strong>b</strong><script>x()</script></p><a href="{{ u ?? "https://x.test" }}">l</a>'),
    ).toBe('A <strong>b</strong><a href="{{ u ?? "https://x.test" }}">l</a>');
  });
  it('cannot be fooled by text that looks like its own placeholder', () => {
    expect(sanitizeInline('mwliquid0x {{ a }} mwliquid1x')).toBe('mwliquid0_x {{ a }} mwliquid1_x');
  });
});

describe('documents and formats', () => {
  it('puts runs of blocks in one section and each columns block in its own', () => {
    const mjml = documentToMjml({
      version: 1,
      blocks: [
        { type: 'heading', text: 'A' },
        { type: 'divider' },
        { type: 'columns', columns: [[{ type: 'spacer', height: 10 }], [{ type: 'divider' }]] },
        { type: 'text', html: 'B' },
      ],
    });
    expect(mjml.match(/<mj-section/g)).toHaveLength(3);
    expect(mjml.match(/<mj-column>/g)).toHaveLength(4);
  });

  it('keeps what a change does not give, and converts MJML to its HTML when asked for HTML', async () => {
    const mjml = await compileContent('MJML', {
      body: '<mjml><mj-body><mj-section><mj-column><mj-text>Hi {{ a }}</mj-text></mj-column></mj-section></mj-body></mjml>',
    });
    expect(mjml.body).not.toMatch(/<mj-/);
    expect(mjml.body).toContain('Hi {{ a }}');
    expect(await changedContent(mjml, {})).toBeUndefined();
    const html = await changedContent(mjml, { format: 'HTML' });
    expect(contentView(html!)).toEqual({ format: 'HTML', body: mjml.body, document: null });
    await expect(changedContent(mjml, { format: 'BLOCKS' })).rejects.toThrow(/document/);
  });

  it('never reads a file for mj-include', async () => {
    // In the working directory: where mjml would look, were includes followed.
    const dir = mkdtempSync(join(process.cwd(), '.mjml-include-'));
    const marker = `secret-${Date.now()}`;
    writeFileSync(
      join(dir, 'part.mjml'),
      `<mj-section><mj-column><mj-text>${marker}</mj-text></mj-column></mj-section>`,
    );
    const at = (file: string) => `./${relative(process.cwd(), join(dir, file))}`;
    const body = `<mjml><mj-body><mj-include path="${at('part.mjml')}" /></mj-body></mjml>`;
    const out = await compileContent('MJML', { body }).finally(() => rmSync(dir, { recursive: true, force: true }));
    expect(out.body).not.toContain(marker);
  });
});
