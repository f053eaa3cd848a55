/**
 * How an email's preview looks (templates, campaigns, versions): sender and subject as an inbox
 * shows them, a desktop or phone width, and the body in a sandboxed frame (no scripts, no
 * same-origin access). The rendering is the caller's: in the browser (EmailPreview) or by the
 * server (ServerPreview).
 */
import { Monitor, Smartphone } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../lib/cx.ts';

export type PreviewWidth = 'desktop' | 'mobile';

interface Props {
  /** The rendered subject; undefined while it renders. */
  subject: string | undefined;
  /** The document the frame shows; undefined while it renders. */
  html: string | undefined;
  /** Changes with each new rendering: the frame is created anew for it. */
  version: number | string;
  from: string;
  fromName: string;
  /** Why it does not render (shown above the last rendering that did). */
  error?: ReactNode;
  height: number;
  /** The preview's own name (translated), when a screen shows more than one; "Preview" by default. */
  title?: string;
  /** Controlled width, for previews side by side that switch together. */
  width?: PreviewWidth;
  onWidth?: (width: PreviewWidth) => void;
}

export function PreviewFrame({
  subject,
  html,
  version,
  from,
  fromName,
  error,
  height,
  title: ownTitle,
  width,
  onWidth,
}: Props) {
  const { t } = useTranslation();
  const title = ownTitle ?? t('Preview');
  const [ownWidth, setOwnWidth] = useState<PreviewWidth>('desktop');
  const shown = width ?? ownWidth;
  const setWidth = onWidth ?? setOwnWidth;
  const sender = from ? (fromName ? `${fromName} <${from}>` : from) : t('No sender set');
  const frameTitle = ownTitle === undefined ? t('Email preview') : t('{title}: email preview', { title: ownTitle });
  return (
    <section aria-label={title} className="flex min-w-0 flex-col">
      <div className="mb-1 flex items-center justify-between">
        <h3 className="text-sm font-medium text-slate-700">{title}</h3>
        <fieldset className="flex rounded-md border border-slate-300 p-0.5">
          <legend className="sr-only">{t('Preview width')}</legend>
          {(
            [
              ['desktop', t('Desktop'), Monitor],
              ['mobile', t('Mobile'), Smartphone],
            ] as const
          ).map(([id, label, Icon]) => (
            <button
              key={id}
              type="button"
              aria-pressed={shown === id}
              title={label}
              onClick={() => setWidth(id)}
              className={cx(
                'inline-flex items-center gap-1 rounded px-2 py-0.5 text-xs',
                shown === id ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-100',
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
            <dt className="w-12 shrink-0 text-slate-500">{t('From')}</dt>
            <dd className={cx('truncate', from ? 'text-slate-800' : 'text-slate-500')}>{sender}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="w-12 shrink-0 text-slate-500">{t('Subject')}</dt>
            <dd className="truncate font-medium text-slate-900" data-testid="preview-subject">
              {subject === undefined
                ? '…'
                : subject || <span className="font-normal text-slate-500">{t('No subject')}</span>}
            </dd>
          </div>
        </dl>
        {error && (
          <p role="status" className="border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-900">
            {t('The email does not render yet:')} {error}
          </p>
        )}
        <div className="flex justify-center" style={{ height }}>
          {html !== undefined ? (
            // Every rendering gets a new frame created with its srcdoc: changing the srcdoc of a live
            // frame is not reliably shown by Chromium after a page reload.
            <iframe
              key={version}
              title={frameTitle}
              sandbox=""
              srcDoc={html}
              className={cx('h-full bg-white', shown === 'mobile' ? 'w-[375px] border-x border-slate-200' : 'w-full')}
            />
          ) : (
            <div className={cx('h-full bg-white', shown === 'mobile' ? 'w-[375px]' : 'w-full')} />
          )}
        </div>
      </div>
    </section>
  );
}
