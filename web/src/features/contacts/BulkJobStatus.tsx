/** Follows a bulk job (subscribe, unsubscribe, delete, field removal) until it ends, with its progress. */
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Loader2, X, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { formatNumber, plural } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type BulkJob, bulkQueries, jobDone } from '../../queries/bulk.ts';
import { useRefreshWhenDone } from '../../queries/cache.ts';

const VERBS: Record<BulkJob['action'], { running: string; done: string }> = {
  subscribe: { running: 'Subscribing', done: 'Subscribed' },
  unsubscribe: { running: 'Unsubscribing', done: 'Unsubscribed' },
  delete: { running: 'Deleting', done: 'Deleted' },
  deleteField: { running: 'Removing the field from', done: 'Removed the field from' },
};

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
  const verb = VERBS[job.action].done;
  if (job.status === 'failed') return `The job stopped: ${job.failureReason ?? 'an unexpected error'}.`;
  const main = `${verb} ${plural(job.succeeded, 'contact')}.`;
  return job.failed > 0 ? `${main} ${plural(job.failed, 'contact')} no longer existed.` : main;
}

/** A status panel for a running or finished bulk job. */
export function BulkJobStatus({ jobId, onDismiss }: { jobId: string; onDismiss: () => void }) {
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
            ? `Could not follow the job: ${errorMessage(query.error)}`
            : !job
              ? 'Starting…'
              : running
                ? `${VERBS[job.action].running} ${plural(job.total, 'contact')}… ${formatNumber(job.processed)} of ${formatNumber(job.total)} done`
                : bulkSummary(job)}
        </p>
        {job && (
          <ProgressBar
            label="Bulk action progress"
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
          aria-label="Dismiss"
          onClick={onDismiss}
          icon={<X className="size-4" aria-hidden />}
        />
      )}
    </div>
  );
}
