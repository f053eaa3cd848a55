/**
 * An email's HTML (or MJML) source as a form field (templates, campaigns): its label, the CodeMirror
 * editor and the field's error under it, tied to the editor for screen readers. CodeMirror is
 * loaded when the field first shows, not with the dashboard.
 */
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from './States.tsx';

const HtmlEditor = lazy(() => import('./HtmlEditor.tsx'));

export function EmailBodyField({
  value,
  onChange,
  error,
  height = 520,
  label: given,
}: {
  value: string;
  onChange: (body: string) => void;
  /** The message to show under the editor (the API's, or what the form says is missing). */
  error?: string;
  height?: number;
  /** 'HTML body' unless the source is another language (MJML). */
  label?: string;
}) {
  const { t } = useTranslation();
  const label = given ?? t('HTML body');
  const errorId = useId();
  return (
    <div className="min-w-0">
      <div className="mb-1 text-sm font-medium text-slate-700">{label}</div>
      <Suspense
        fallback={
          <div style={{ height }}>
            <Skeleton className="h-full w-full" />
          </div>
        }
      >
        <HtmlEditor
          value={value}
          onChange={onChange}
          label={label}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
          height={`${height}px`}
        />
      </Suspense>
      {error && (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
