/**
 * The live preview of an HTML email beside its editor (templates, campaigns) or on a sent campaign,
 * rendered in the browser with LiquidJS and sample values (MJML and block emails are rendered by
 * the server: ServerPreview).
 */
import { useEffect, useMemo, useState } from 'react';
import { type EmailType, previewDocument, previewVariables, type Rendered, renderLiquid } from '../lib/email-render.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { PreviewFrame } from './PreviewFrame.tsx';

interface Props {
  subject: string;
  body: string;
  from: string;
  fromName: string;
  type: EmailType;
  email: string;
  sample: Record<string, unknown>;
  height?: number;
}

export function EmailPreview({ subject, body, from, fromName, type, email, sample, height = 520 }: Props) {
  const current = useMemo(() => ({ subject, body, sample, email }), [subject, body, sample, email]);
  const source = useDebouncedValue(current, 150);
  const [out, setOut] = useState<{ subject: Rendered; body: Rendered; version: number } | null>(null);

  useEffect(() => {
    let live = true;
    const vars = previewVariables(source.email, source.sample);
    void Promise.all([renderLiquid('subject', source.subject, vars), renderLiquid('body', source.body, vars)]).then(
      ([s, b]) => {
        if (live) setOut((prev) => ({ subject: s, body: b, version: (prev?.version ?? 0) + 1 }));
      },
    );
    return () => {
      live = false;
    };
  }, [source]);

  const error = out?.body.error ?? out?.subject.error;
  return (
    <PreviewFrame
      subject={out?.subject.text}
      html={out ? previewDocument(out.body.text, type === 'MARKETING') : undefined}
      version={`${out?.version ?? 0}-${type}`}
      from={from}
      fromName={fromName}
      error={error}
      height={height}
    />
  );
}
