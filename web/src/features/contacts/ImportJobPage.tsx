/** CSV import, step two: the job's progress until it ends, its counts and the rows it skipped. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LinkButton } from '../../components/Button.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { JobProgressCard } from '../../components/JobProgressCard.tsx';
import { PageHeader, Stat } from '../../components/Layout.tsx';
import { StatusBadge, type StatusLooks } from '../../components/StatusBadge.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { msg } from '../../i18n/msg.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
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

/** Why a row was skipped, by the API's code (English messages; another code shows as the API gives it). */
const REASONS: Record<string, string> = {
  missing_email: msg('No email address'),
  invalid_email: msg('Not a valid email address'),
};

export function ImportJobPage() {
  const { t } = useTranslation();
  const { jobId = '' } = useParams();
  const scope = useProject();
  const query = useQuery(importQueries.job(scope, jobId));
  // Once the job ends, what a contact write changes has changed.
  useRefreshWhenDone(jobDone(query.data?.status), scope.projectId, 'contacts');
  return (
    <DetailScreen
      query={query}
      back={{ to: scope.to('contacts'), label: t('Contacts') }}
      kind="import"
      missing={{
        title: t('There is no such import in this project'),
        description: '',
        action: <LinkButton to={scope.to('contacts', 'import')}>{t('Import a file')}</LinkButton>,
      }}
    >
      {(job) => <ImportJobView job={job} />}
    </DetailScreen>
  );
}

function ImportJobView({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  const { to } = useProject();
  const running = !jobDone(job.status);
  const errorColumns: Column<ImportError>[] = [
    { key: 'row', header: t('Row'), className: 'w-20 tabular-nums', cell: (e) => e.row },
    {
      key: 'email',
      header: t('Email'),
      cell: (e) =>
        e.email ? (
          <span className="font-mono text-xs">{e.email}</span>
        ) : (
          <span className="text-slate-500">{t('(empty)')}</span>
        ),
    },
    {
      key: 'reason',
      header: t('Problem'),
      cell: (e) => {
        const reason = REASONS[e.reason];
        return reason ? t(reason) : e.reason;
      },
    },
  ];
  return (
    <>
      <PageHeader
        title={t('Import of {file}', { file: job.fileName })}
        description={
          job.finishedAt
            ? t('Started {started} · finished {finished}', {
                started: formatDateTime(job.createdAt),
                finished: formatDateTime(job.finishedAt),
              })
            : t('Started {started}', { started: formatDateTime(job.createdAt) })
        }
        actions={
          !running && (
            <>
              <LinkButton variant="secondary" to={to('contacts', 'import')}>
                {t('Import another file')}
              </LinkButton>
              <LinkButton to={to('contacts')}>{t('View contacts')}</LinkButton>
            </>
          )
        }
      />

      <JobProgressCard
        state={running ? 'running' : job.status === 'failed' ? 'failed' : 'done'}
        text={
          job.status === 'queued'
            ? t('Waiting to start…')
            : job.status === 'processing'
              ? t('Importing… {processed} of {count, plural, one {# row} other {# rows}}', {
                  processed: formatNumber(job.processed),
                  count: job.totalRows,
                })
              : job.status === 'failed'
                ? t('The import stopped')
                : t('Import finished: {count, plural, one {# row} other {# rows}} read', { count: job.totalRows })
        }
        badge={<StatusBadge looks={STATUS} status={job.status} />}
        value={job.processed}
        max={job.totalRows}
        label={t('Import progress')}
        failure={t('{reason} Rows done before it stopped are kept; importing the same file again is safe.', {
          // The server's own words when it gives them.
          reason: job.failureReason ?? t('Something went wrong while reading the file.'),
        })}
      />

      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <Stat label={t('New contacts')} value={formatNumber(job.imported)} hint={t('Created, subscribed')} />
        <Stat label={t('Updated')} value={formatNumber(job.updated)} hint={t('Known addresses, fields patched')} />
        <Stat label={t('Skipped')} value={formatNumber(job.skipped)} hint={t('Rows without a usable email')} />
      </div>

      {job.errors.length > 0 && (
        <section aria-labelledby="skipped-rows">
          <h2 id="skipped-rows" className="mb-2 text-sm font-semibold text-slate-900">
            {t('Skipped rows')}
          </h2>
          <p className="mb-3 text-sm text-slate-500">
            {t(
              'Fix these rows in your file and import it again: rows already imported are only updated, never duplicated.',
            )}
            {job.skipped > job.errors.length &&
              ` ${t('The first {listed} of {skipped} are listed.', {
                listed: formatNumber(job.errors.length),
                skipped: formatNumber(job.skipped),
              })}`}
          </p>
          <Table caption={t('Skipped rows')} columns={errorColumns} rows={job.errors} rowKey={(e) => `${e.row}`} />
        </section>
      )}
    </>
  );
}
