/**
 * The three ways an email's content is written (templates and campaigns): HTML, MJML, or a block
 * document in the visual editor; what each is called and what a new email of each starts with.
 */
import { i18n } from '../i18n/i18n.ts';
import { msg } from '../i18n/msg.ts';
import type { BlockDocument } from './document.ts';
import { LIQUID_NAME, starterDocument } from './document.ts';

export type ContentFormat = 'HTML' | 'MJML' | 'BLOCKS';

/** The formats; labels and hints are English messages, translated where shown. */
export const FORMATS: Array<{ id: ContentFormat; label: string; hint: string }> = [
  { id: 'BLOCKS', label: msg('Visual editor'), hint: msg('Drag blocks, type text, set colors: no code.') },
  { id: 'MJML', label: msg('MJML'), hint: msg('The responsive email language, with a live preview.') },
  { id: 'HTML', label: msg('HTML'), hint: msg('Your own HTML, as it is.') },
];

/** The format's name in the dashboard's language. */
export function formatLabel(format: ContentFormat): string {
  const label = FORMATS.find((f) => f.id === format)?.label;
  return label ? i18n.t(label) : format;
}

/** The MJML a new MJML email starts with, its words in the dashboard's language. */
export function starterMjml(): string {
  return `<mjml>
  <mj-body background-color="#f1f5f9">
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="22px" font-weight="bold">${i18n.t('Hi {firstNameOr}there{end},', LIQUID_NAME)}</mj-text>
        <mj-text line-height="1.6">${i18n.t('Write your message here.')}</mj-text>
        <mj-button href="https://example.com">${i18n.t('Read more')}</mj-button>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;
}

/** The content a new email of `format` starts with; `html` is the feature's own HTML starter. */
export function starterContent(format: ContentFormat, html: string): { body: string; document: BlockDocument | null } {
  if (format === 'BLOCKS') return { body: '', document: starterDocument() };
  return { body: format === 'MJML' ? starterMjml() : html, document: null };
}
