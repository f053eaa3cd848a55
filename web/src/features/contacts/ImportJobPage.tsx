/** CSV import, step two: the job's progress until it ends, its counts and the rows it skipped. */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LinkButton } from '../../components/Button.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { JobProgressCard } from '../../components/JobProgressCard.tsx';
import { PageHeader, Stat } from '../../components/Layout.tsx';
import { StatusBadge, type StatusLooks } from '../../components/StatusBadge.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { formatDateTime, formatNumber, plural } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { jobDone } from '../../queries/bulk.ts';
import { useRefreshWhenDone } from '../../queries/cache.ts';
import { type ImportJob, importQueries } from '../../queries/imports.ts';

const STATUS: StatusLooks<ImportJob['status']> = {
  queued: 'blue',
  processing: 'blue',
  completed: 'green',
  failed: 'red',
};

type ImportError = ImportJob['errors'][number];

const REASONS: Record<string, string> = {
  missing_email: 'No email address',
  invalid_email: 'Not a valid email address',
};

const ERROR_COLUMNS: Column<ImportError>[] = [
  { key: 'row', header: 'Row', className: 'w-20 tabular-nums', cell: (e) => e.row },
  {
    key: 'email',
    header: 'Email',
    cell: (e) =>
      e.email ? <span className="font-mono text-xs">{e.email}</span> : <span className="text-slate-500">(empty)</span>,
  },
  { key: 'reason', header: 'Problem', cell: (e) => REASONS[e.reason] ?? e.reason },
];

export function ImportJobPage() {
  const { jobId = '' } = useParams();
  const scope = useProject();
  const query = useQuery(importQueries.job(scope, jobId));
  // Once the job ends, what a contact write changes has changed.
  useRefreshWhenDone(jobDone(query.data?.status), scope.projectId, 'contacts');
  return (
    <DetailScreen
      query={query}
      back={{ to: scope.to('contacts'), label: 'Contacts' }}
      noun="import"
      missing={{
        title: 'There is no such import in this project',
        description: '',
        action: <LinkButton to={scope.to('contacts', 'import')}>Import a file</LinkButton>,
      }}
    >
      {(job) => <ImportJobView job={job} />}
    </DetailScreen>
  );
}

function ImportJobView({ job }: { job: ImportJob }) {
  const { to } = useProject();
  const running = !jobDone(job.status);
  return (
    <>
      <PageHeader
        title={`Import of ${job.fileName}`}
        description={`Started ${formatDateTime(job.createdAt)}${job.finishedAt ? ` · finished ${formatDateTime(job.finishedAt)}` : ''}`}
        actions={
          !running && (
            <>
              <LinkButton variant="secondary" to={to('contacts', 'import')}>
                Import another file
              </LinkButton>
              <LinkButton to={to('contacts')}>View contacts</LinkButton>
            </>
          )
        }
      />

      <JobProgressCard
        state={running ? 'running' : job.status === 'failed' ? 'failed' : 'done'}
        text={
          job.status === 'queued'
            ? 'Waiting to start…'
            : job.status === 'processing'
              ? `Importing… ${formatNumber(job.processed)} of ${plural(job.totalRows, 'row')}`
              : job.status === 'failed'
                ? 'The import stopped'
                : `Import finished: ${plural(job.totalRows, 'row')} read`
        }
        badge={<StatusBadge looks={STATUS} status={job.status} />}
        value={job.processed}
        max={job.totalRows}
        label="Import progress"
        failure={`${job.failureReason ?? 'Something went wrong while reading the file.'} Rows done before it stopped are kept; importing the same file again is safe.`}
      />

      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <Stat label="New contacts" value={formatNumber(job.imported)} hint="Created, subscribed" />
        <Stat label="Updated" value={formatNumber(job.updated)} hint="Known addresses, fields patched" />
        <Stat label="Skipped" value={formatNumber(job.skipped)} hint="Rows without a usable email" />
      </div>

      {job.errors.length > 0 && (
        <section aria-labelledby="skipped-rows">
          <h2 id="skipped-rows" className="mb-2 text-sm font-semibold text-slate-900">
            Skipped rows
          </h2>
          <p className="mb-3 text-sm text-slate-500">
            Fix these rows in your file and import it again: rows already imported are only updated, never duplicated.
            {job.skipped > job.errors.length &&
              ` The first ${formatNumber(job.errors.length)} of ${formatNumber(job.skipped)} are listed.`}
          </p>
          <Table caption="Skipped rows" columns={ERROR_COLUMNS} rows={job.errors} rowKey={(e) => `${e.row}`} />
        </section>
      )}
    </>
  );
}
