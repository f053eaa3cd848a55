/** The progress of a background job a screen follows (a CSV import): what it is doing, how far, how it ended. */
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPercent } from '../lib/format.ts';
import { Callout } from './Callout.tsx';
import { Card } from './Layout.tsx';
import { ProgressBar } from './ProgressBar.tsx';

export type JobState = 'running' | 'failed' | 'done';

/**
 * A card with the job's line (announced as it changes), its status badge and percentage, a progress
 * bar of `value` out of `max`, and `failure` in a danger callout once it failed.
 */
export function JobProgressCard({
  state,
  text,
  badge,
  value,
  max,
  label,
  failure,
}: {
  state: JobState;
  /** "Importing… 40 of 100 rows", "Import finished". */
  text: string;
  badge?: ReactNode;
  value: number;
  max: number;
  /** The progress bar's accessible name ("Import progress"). */
  label: string;
  /** Why it failed and what is safe to do now. */
  failure?: ReactNode;
}) {
  const ratio = max > 0 ? value / max : state === 'running' ? 0 : 1;
  return (
    <Card className="mb-6">
      <div role="status" aria-live="polite" className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        {state === 'running' ? (
          <Loader2 className="size-4 animate-spin text-brand-600" aria-hidden />
        ) : state === 'failed' ? (
          <XCircle className="size-4 text-red-600" aria-hidden />
        ) : (
          <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />
        )}
        <span className="font-medium text-slate-900">{text}</span>
        {badge}
        <span className="ml-auto text-slate-500 tabular-nums">{formatPercent(ratio)}</span>
      </div>
      <ProgressBar
        label={label}
        value={value}
        max={max}
        tone={state === 'failed' ? 'red' : state === 'done' ? 'green' : 'brand'}
      />
      {state === 'failed' && failure && (
        <Callout tone="danger" role="alert" className="mt-3">
          <p>{failure}</p>
        </Callout>
      )}
    </Card>
  );
}
