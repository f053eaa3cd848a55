/**
 * An email's content in its format (templates, campaigns): the HTML editor with its in-browser
 * preview, the MJML editor or the visual editor with the server's preview, and the choice of
 * format where the email is new.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailBodyField } from '../components/EmailBodyField.tsx';
import { EmailPreview } from '../components/EmailPreview.tsx';
import type { EmailType } from '../lib/email-render.ts';
import { BlockEditor } from './BlockEditor.tsx';
import type { BlockDocument } from './document.ts';
import { type ContentFormat, FORMATS } from './formats.ts';
import type { BlockProblem } from './problems.ts';
import { ServerPreview } from './ServerPreview.tsx';

export interface EmailContent {
  format: ContentFormat;
  subject: string;
  body: string;
  document: BlockDocument | null;
  from: string;
  fromName: string;
  type: EmailType;
}

export function ContentEditor({
  content,
  onChange,
  bodyError,
  problems,
  sample,
  email,
  height = 520,
  sampleEditor,
}: {
  content: EmailContent;
  onChange: (patch: { body?: string; document?: BlockDocument }) => void;
  /** The API's refusal of the body (HTML or MJML: it names the line). */
  bodyError?: string;
  /** The API's refusals of the block document. */
  problems: BlockProblem[];
  /** Values for the preview's Liquid. */
  sample: Record<string, unknown>;
  /** The signed-in user's address, as the HTML preview's recipient. */
  email: string;
  height?: number;
  /** Where the sample data is typed, under the editors. */
  sampleEditor?: ReactNode;
}) {
  const { t } = useTranslation();
  const { format, subject, body, document, from, fromName, type } = content;
  const blocks = document ?? { version: 1 as const, blocks: [] };
  // HTML renders in the browser as it is typed; MJML and blocks need the server's MJML engine.
  const preview =
    format === 'HTML' ? (
      <EmailPreview
        subject={subject}
        body={body}
        from={from}
        fromName={fromName}
        type={type}
        email={email}
        sample={sample}
        height={height}
      />
    ) : (
      <ServerPreview
        body={
          format === 'MJML'
            ? { format, subject, body, type, data: sample }
            : { format, subject, document: blocks, type, data: sample }
        }
        from={from}
        fromName={fromName}
        height={height}
      />
    );
  if (format === 'BLOCKS') {
    return (
      <>
        <BlockEditor value={blocks} onChange={(doc) => onChange({ document: doc })} problems={problems} />
        {preview}
        {sampleEditor}
      </>
    );
  }
  return (
    <>
      <div className="grid gap-4 xl:grid-cols-2">
        <EmailBodyField
          label={format === 'MJML' ? t('MJML source') : t('HTML body')}
          value={body}
          onChange={(b) => onChange({ body: b })}
          error={bodyError}
          height={height + 50}
        />
        {preview}
      </div>
      {sampleEditor}
    </>
  );
}

/**
 * The choice of format for a new email; changing it starts the content over (`onChange`). `name`
 * tells its radios from another picker's on the same form (an A/B test's variants).
 */
export function FormatPicker({
  value,
  onChange,
  name = 'content-format',
  legend,
}: {
  value: ContentFormat;
  onChange: (f: ContentFormat) => void;
  name?: string;
  /** Translated by the caller; "Format" when none. */
  legend?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend ?? t('Format')}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {FORMATS.map((f) => (
          <label
            key={f.id}
            className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-300 p-2 text-sm has-checked:border-brand-500 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={f.id}
              checked={value === f.id}
              onChange={() => onChange(f.id)}
              className="mt-1 accent-brand-600"
            />
            <span>
              <span className="block font-medium text-slate-900">{t(f.label)}</span>
              <span className="block text-xs text-slate-600">{t(f.hint)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
