/**
 * The live preview of an email beside its editor (templates, campaigns) or on a sent campaign:
 * sender and subject as an inbox shows them, and the body in a sandboxed frame (no scripts, no
 * same-origin access) rendered with sample values.
 */

import { Monitor, Smartphone } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { cx } from '../lib/cx.ts';
import { type EmailType, previewDocument, previewVariables, type Rendered, renderLiquid } from '../lib/email-render.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

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
  const [width, setWidth] = useState<'desktop' | 'mobile'>('desktop');
  const current = useMemo(() => ({ subject, body, sample, email }), [subject, body, sample, email]);
  const source = useDebouncedValue(current, 150);
  // Every rendering gets a new frame (`version` is its key) created with its srcdoc: changing the
  // srcdoc of a live frame is not reliably shown by Chromium after a page reload.
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
  const sender = from ? (fromName ? `${fromName} <${from}>` : from) : 'No sender set';
  return (
    <section aria-label="Preview" className="flex min-w-0 flex-col">
      <div className="mb-1 flex items-center justify-between">
        <h3 className="text-sm font-medium text-slate-700">Preview</h3>
        <fieldset className="flex rounded-md border border-slate-300 p-0.5">
          <legend className="sr-only">Preview width</legend>
          {(
            [
              ['desktop', 'Desktop', Monitor],
              ['mobile', 'Mobile', Smartphone],
            ] as const
          ).map(([id, label, Icon]) => (
            <button
              key={id}
              type="button"
              aria-pressed={width === id}
              title={label}
              onClick={() => setWidth(id)}
              className={cx(
                'inline-flex items-center gap-1 rounded px-2 py-0.5 text-xs',
                width === id ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-100',
              )}
            >
              <Icon className="size-3.5" aria-hidden />
              {label}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="flex flex-col overflow-hidden rounded-md border border-slate-300 bg-slate-100 shadow-sm">
        <dl className="space-y-0.5 border-b border-slate-200 bg-white px-3 py-2 text-xs">
          <div className="flex gap-2">
            <dt className="w-12 shrink-0 text-slate-500">From</dt>
            <dd className={cx('truncate', from ? 'text-slate-800' : 'text-slate-500')}>{sender}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="w-12 shrink-0 text-slate-500">Subject</dt>
            <dd className="truncate font-medium text-slate-900" data-testid="preview-subject">
              {out ? out.subject.text || <span className="font-normal text-slate-500">No subject</span> : '…'}
            </dd>
          </div>
        </dl>
        {error && (
          <p role="status" className="border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-900">
            The template does not render yet: {error}
          </p>
        )}
        <div className="flex justify-center" style={{ height }}>
          {out ? (
            <iframe
              key={`${out.version}-${type}`}
              title="Email preview"
              sandbox=""
              srcDoc={previewDocument(out.body.text, type === 'MARKETING')}
              className={cx('h-full bg-white', width === 'mobile' ? 'w-[375px] border-x border-slate-200' : 'w-full')}
            />
          ) : (
            <div className={cx('h-full bg-white', width === 'mobile' ? 'w-[375px]' : 'w-full')} />
          )}
        </div>
      </div>
    </section>
  );
}
