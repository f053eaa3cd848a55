import { AlertTriangle, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldError } from '../api/client.ts';
import { cx } from '../lib/cx.ts';
import { Button } from './Button.tsx';

/**
 * What a list shows when it has nothing yet: say why and offer the first step. Its title is an h2
 * (the level under the screen's h1); `headingLevel` 1 makes it the screen's own heading, 3 fits it
 * under a Card's h2 when the order of levels matters.
 */
export function EmptyState({
  title,
  description,
  action,
  icon,
  headingLevel = 2,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  headingLevel?: 1 | 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="flex flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <div className="mb-3 text-slate-400">{icon ?? <Inbox className="size-8" aria-hidden />}</div>
      <Heading className="text-sm font-semibold text-slate-900">{title}</Heading>
      {description && <p className="mt-1 max-w-md text-sm text-slate-500">{description}</p>}
      {action && <div className="mt-4 flex w-full justify-center">{action}</div>}
    </div>
  );
}

/** A failed load, with the API's message and a retry. */
export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="flex-1">
        <p className="font-medium">{t('Could not load this.')}</p>
        <p className="mt-0.5">{errorMessage(error)}</p>
      </div>
      {retry && (
        <Button size="sm" variant="secondary" onClick={retry}>
          {t('Retry')}
        </Button>
      )}
    </div>
  );
}

/** A grey block of fixed size standing in for content, so nothing jumps when it arrives. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cx('animate-pulse rounded bg-slate-200', className)} />;
}

/** Rows of skeleton lines for a loading table or list. */
export function LoadingRows({ rows = 5, label }: { rows?: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={label ?? t('Loading')}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={i} className="h-6 w-full" />
      ))}
    </div>
  );
}

/**
 * A form-level error: the API's message, unless it names one of `fields`, which show their own
 * message under themselves (useDraft gives its form's error already sorted so).
 */
export function FormError({ error, fields }: { error: unknown; fields?: readonly string[] }) {
  if (!error || fields?.some((f) => fieldError(error, f))) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {errorMessage(error)}
    </div>
  );
}
