// Invariant: what the text editor gives back is inline HTML the API keeps as it is, and a text
// block's HTML goes into the editor and back out unchanged.
import { describe, expect, it } from 'vitest';
import { fromEditorHtml, keepInline, liquidField, toEditorHtml } from './inline-html.ts';

describe('a text block’s HTML and the editor', () => {
  it('turns paragraphs into lines joined by <br>, empty ones kept as blank lines', () => {
    expect(fromEditorHtml('<p>One <strong>two</strong></p><p></p><p>three</p>')).toBe(
      'One <strong>two</strong><br><br>three',
    );
    expect(fromEditorHtml('<p>Only</p>')).toBe('Only');
    expect(fromEditorHtml('<p></p>')).toBe('');
  });

  it('round-trips inline HTML with breaks, marks and links', () => {
    const inline = 'Hi {{ firstName }},<br><em>see</em> <a href="https://x.test/?a=1&amp;b=2">this</a> <u>now</u>';
    expect(fromEditorHtml(toEditorHtml(inline))).toBe(inline);
  });

  it('keeps only the tags and attributes the API keeps', () => {
    expect(keepInline('<a href="https://x.test" target="_blank" rel="noopener">x</a>')).toBe(
      '<a href="https://x.test">x</a>',
    );
    expect(keepInline('<span style="color:#f00" class="c">r</span>')).toBe('<span style="color:#f00">r</span>');
    expect(keepInline('<code>x</code><script>y</script><s>z</s><br/>')).toBe('xy<s>z</s><br>');
    expect(keepInline("<a href='q\"'>x</a>")).toBe('<a href="q&quot;">x</a>');
  });

  it('drops the trailing break a last empty paragraph leaves', () => {
    expect(fromEditorHtml('<p>a</p><p></p>')).toBe('a');
  });

  it('prints a contact field as the renderer names it', () => {
    expect(liquidField('data.firstName')).toBe('{{ firstName }}');
    expect(liquidField('email')).toBe('{{ email }}');
  });
});
