/** Follows a bulk job (subscribe, unsubscribe, delete, field removal) until it ends, with its progress. */
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Loader2, X, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type BulkJob, bulkQueries, jobDone } from '../../queries/bulk.ts';
import { useRefreshWhenDone } from '../../queries/cache.ts';

/** What a running job is doing, with its progress: "Subscribing 3 contacts… 1 of 3 done". */
function runningText(job: BulkJob): string {
  const values = { count: job.total, processed: formatNumber(job.processed), total: formatNumber(job.total) };
  switch (job.action) {
    case 'subscribe':
      return i18n.t(
        'Subscribing {count, plural, one {# contact} other {# contacts}}… {processed} of {total} done',
        values,
      );
    case 'unsubscribe':
      return i18n.t(
        'Unsubscribing {count, plural, one {# contact} other {# contacts}}… {processed} of {total} done',
        values,
      );
    case 'delete':
      return i18n.t(
        'Deleting {count, plural, one {# contact} other {# contacts}}… {processed} of {total} done',
        values,
      );
    case 'deleteField':
      return i18n.t(
        'Removing the field from {count, plural, one {# contact} other {# contacts}}… {processed} of {total} done',
        values,
      );
  }
}

/** What a finished job did: "Subscribed 3 contacts." */
function doneText(job: BulkJob): string {
  const count = job.succeeded;
  switch (job.action) {
    case 'subscribe':
      return i18n.t('Subscribed {count, plural, one {# contact} other {# contacts}}.', { count });
    case 'unsubscribe':
      return i18n.t('Unsubscribed {count, plural, one {# contact} other {# contacts}}.', { count });
    case 'delete':
      return i18n.t('Deleted {count, plural, one {# contact} other {# contacts}}.', { count });
    case 'deleteField':
      return i18n.t('Removed the field from {count, plural, one {# contact} other {# contacts}}.', { count });
  }
}

/**
 * Polls GET /contacts/bulk/{jobId} while the job runs. When it ends, what it changed shows everywhere
 * (lists, details, field coverage, segment members, the feed), and `onDone` is called once.
 */
export function useBulkJob(jobId: string | undefined, onDone?: (job: BulkJob) => void) {
  const scope = useProject();
  const query = useQuery({ ...bulkQueries.job(scope, jobId ?? ''), enabled: Boolean(jobId) });
  const reported = useRef<string | undefined>(undefined);
  const done = useRef(onDone);
  done.current = onDone;
  const job = query.data;
  useRefreshWhenDone(jobDone(job?.status), scope.projectId, 'contacts');
  useEffect(() => {
    if (!job || !jobDone(job.status) || reported.current === job.jobId) return;
    reported.current = job.jobId;
    done.current?.(job);
  }, [job]);
  return query;
}

/** One line about a finished job: what was done, and what could not be. */
export function bulkSummary(job: BulkJob): string {
  if (job.status === 'failed') {
    // The reason is the server's own words.
    return i18n.t('The job stopped: {reason}.', { reason: job.failureReason ?? i18n.t('an unexpected error') });
  }
  const main = doneText(job);
  if (job.failed === 0) return main;
  const gone = i18n.t('{count, plural, one {# contact no longer existed.} other {# contacts no longer existed.}}', {
    count: job.failed,
  });
  return `${main} ${gone}`;
}

/** A status panel for a running or finished bulk job. */
export function BulkJobStatus({ jobId, onDismiss }: { jobId: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  const query = useBulkJob(jobId);
  const job = query.data;
  const running = !job || !jobDone(job.status);
  return (
    <div
      role="status"
      aria-live="polite"
      className="mb-4 flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm"
    >
      {query.isError ? (
        <XCircle className="size-5 shrink-0 text-red-600" aria-hidden />
      ) : running ? (
        <Loader2 className="size-5 shrink-0 animate-spin text-brand-600" aria-hidden />
      ) : job.status === 'failed' ? (
        <XCircle className="size-5 shrink-0 text-red-600" aria-hidden />
      ) : (
        <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-hidden />
      )}
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="text-sm text-slate-800">
          {query.isError
            ? t('Could not follow the job: {error}', { error: errorMessage(query.error) })
            : !job
              ? t('Starting…')
              : running
                ? runningText(job)
                : bulkSummary(job)}
        </p>
        {job && (
          <ProgressBar
            label={t('Bulk action progress')}
            value={job.processed}
            max={job.total}
            tone={job.status === 'failed' ? 'red' : job.status === 'completed' ? 'green' : 'brand'}
          />
        )}
      </div>
      {!running && (
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('Dismiss')}
          onClick={onDismiss}
          icon={<X className="size-4" aria-hidden />}
        />
      )}
    </div>
  );
}
