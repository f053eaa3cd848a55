/**
 * The three ways an email's content is written (templates and campaigns): HTML, MJML, or a block
 * document in the visual editor; what each is called and what a new email of each starts with.
 */
import type { BlockDocument } from './document.ts';
import { starterDocument } from './document.ts';

export type ContentFormat = 'HTML' | 'MJML' | 'BLOCKS';

export const FORMATS: Array<{ id: ContentFormat; label: string; hint: string }> = [
  { id: 'BLOCKS', label: 'Visual editor', hint: 'Drag blocks, type text, set colors: no code.' },
  { id: 'MJML', label: 'MJML', hint: 'The responsive email language, with a live preview.' },
  { id: 'HTML', label: 'HTML', hint: 'Your own HTML, as it is.' },
];

export function formatLabel(format: ContentFormat): string {
  return FORMATS.find((f) => f.id === format)?.label ?? format;
}

export const STARTER_MJML = `<mjml>
  <mj-body background-color="#f1f5f9">
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="22px" font-weight="bold">Hi {{ firstName ?? "there" }},</mj-text>
        <mj-text line-height="1.6">Write your message here.</mj-text>
        <mj-button href="https://example.com">Read more</mj-button>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;

/** The content a new email of `format` starts with; `html` is the feature's own HTML starter. */
export function starterContent(format: ContentFormat, html: string): { body: string; document: BlockDocument | null } {
  if (format === 'BLOCKS') return { body: '', document: starterDocument() };
  return { body: format === 'MJML' ? STARTER_MJML : html, document: null };
}
