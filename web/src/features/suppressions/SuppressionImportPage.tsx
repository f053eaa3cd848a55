/** Suppression import, step two: the job's progress until it ends, what it added and the lines it refused. */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LinkButton } from '../../components/Button.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { JobProgressCard } from '../../components/JobProgressCard.tsx';
import { PageHeader, Stat } from '../../components/Layout.tsx';
import { StatusBadge, type StatusLooks } from '../../components/StatusBadge.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { formatNumber, plural } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useRefreshWhenDone } from '../../queries/cache.ts';
import { importDone, type SuppressionImport, suppressionQueries } from '../../queries/suppressions.ts';

const STATUS: StatusLooks<SuppressionImport['status']> = {
  PENDING: 'blue',
  RUNNING: 'blue',
  DONE: 'green',
  FAILED: 'red',
};

type LineError = SuppressionImport['errors'][number];

const ERROR_COLUMNS: Column<LineError>[] = [
  { key: 'line', header: 'Line', className: 'w-20 tabular-nums', cell: (e) => e.line },
  { key: 'message', header: 'Problem', cell: (e) => <span className="break-words">{e.message}</span> },
];

export function SuppressionImportPage() {
  const { importId = '' } = useParams();
  const scope = useProject();
  const query = useQuery(suppressionQueries.importJob(scope, importId));
  // Once the job ends, the rules it added are in the list.
  useRefreshWhenDone(importDone(query.data?.status), scope.projectId, 'suppressions');
  return (
    <DetailScreen
      query={query}
      back={{ to: scope.to('suppressions'), label: 'Suppressions' }}
      noun="import"
      missing={{
        title: 'There is no such import in this project',
        description: '',
        action: <LinkButton to={scope.to('suppressions', 'import')}>Import a file</LinkButton>,
      }}
    >
      {(job) => <ImportView job={job} />}
    </DetailScreen>
  );
}

function progressText(job: SuppressionImport): string {
  if (job.status === 'PENDING') return 'Waiting to start…';
  if (job.status === 'RUNNING') return `Importing… ${formatNumber(job.processed)} of ${plural(job.total, 'line')}`;
  if (job.status === 'FAILED') return 'The import stopped';
  return `Import finished: ${plural(job.total, 'line')} read`;
}

function ImportView({ job }: { job: SuppressionImport }) {
  const { to } = useProject();
  const running = !importDone(job.status);
  // Line 0 stands for the whole file: why the import failed.
  const failure = job.errors.find((e) => e.line === 0)?.message;
  const refused = job.errors.filter((e) => e.line > 0);
  return (
    <>
      <PageHeader
        title="Suppression import"
        description="Each line of the file becomes a rule; lines that are no address or domain are listed below."
        actions={
          !running && (
            <>
              <LinkButton variant="secondary" to={to('suppressions', 'import')}>
                Import another file
              </LinkButton>
              <LinkButton to={to('suppressions')}>View suppressions</LinkButton>
            </>
          )
        }
      />
      <JobProgressCard
        state={running ? 'running' : job.status === 'FAILED' ? 'failed' : 'done'}
        text={progressText(job)}
        badge={<StatusBadge looks={STATUS} status={job.status} />}
        value={job.processed}
        max={job.total}
        label="Import progress"
        failure={`${failure ?? 'Something went wrong while reading the file.'} Lines done before it stopped are kept; importing the same file again is safe.`}
      />
      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <Stat label="Added" value={formatNumber(job.added)} hint="New rules" />
        <Stat label="Lines read" value={formatNumber(job.processed)} hint={`Of ${formatNumber(job.total)}`} />
        <Stat label="Refused" value={formatNumber(refused.length)} hint="Lines that are no address or domain" />
      </div>
      {refused.length > 0 && (
        <section aria-labelledby="refused-lines">
          <h2 id="refused-lines" className="mb-2 text-sm font-semibold text-slate-900">
            Refused lines
          </h2>
          <p className="mb-3 text-sm text-slate-500">
            Fix these lines and import the file again: what is already suppressed is left as it is.
          </p>
          <Table caption="Refused lines" columns={ERROR_COLUMNS} rows={refused} rowKey={(e) => `${e.line}`} />
        </section>
      )}
    </>
  );
}
