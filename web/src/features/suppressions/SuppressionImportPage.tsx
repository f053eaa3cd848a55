/** Suppression import, step two: the job's progress until it ends, what it added and the lines it refused. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LinkButton } from '../../components/Button.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { JobProgressCard } from '../../components/JobProgressCard.tsx';
import { Badge, PageHeader, Stat } from '../../components/Layout.tsx';
import { type StatusLooks, statusLabel } from '../../components/StatusBadge.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useRefreshWhenDone } from '../../queries/cache.ts';
import { importDone, type SuppressionImport, suppressionQueries } from '../../queries/suppressions.ts';

const STATUS: StatusLooks<SuppressionImport['status']> = {
  PENDING: 'blue',
  RUNNING: 'blue',
  DONE: 'green',
  FAILED: 'red',
};

/** Each status in words (English messages, translated where shown). */
const STATUS_LABEL: Record<SuppressionImport['status'], string> = {
  PENDING: msg('Pending'),
  RUNNING: msg('Running'),
  DONE: msg('Done'),
  FAILED: msg('Failed'),
};

function ImportStatusBadge({ status }: { status: SuppressionImport['status'] }) {
  const { t } = useTranslation();
  const label = STATUS_LABEL[status];
  return <Badge tone={STATUS[status] ?? 'gray'}>{label ? t(label) : statusLabel(status)}</Badge>;
}

type LineError = SuppressionImport['errors'][number];

export function SuppressionImportPage() {
  const { t } = useTranslation();
  const { importId = '' } = useParams();
  const scope = useProject();
  const query = useQuery(suppressionQueries.importJob(scope, importId));
  // Once the job ends, the rules it added are in the list.
  useRefreshWhenDone(importDone(query.data?.status), scope.projectId, 'suppressions');
  return (
    <DetailScreen
      query={query}
      back={{ to: scope.to('suppressions'), label: t('Suppressions') }}
      kind="import"
      missing={{
        title: t('There is no such import in this project'),
        description: '',
        action: <LinkButton to={scope.to('suppressions', 'import')}>{t('Import a file')}</LinkButton>,
      }}
    >
      {(job) => <ImportView job={job} />}
    </DetailScreen>
  );
}

function progressText(job: SuppressionImport): string {
  if (job.status === 'PENDING') return i18n.t('Waiting to start…');
  if (job.status === 'RUNNING') {
    return i18n.t('Importing… {processed} of {total, plural, one {# line} other {# lines}}', {
      processed: formatNumber(job.processed),
      total: job.total,
    });
  }
  if (job.status === 'FAILED') return i18n.t('The import stopped');
  return i18n.t('Import finished: {total, plural, one {# line} other {# lines}} read', { total: job.total });
}

function ImportView({ job }: { job: SuppressionImport }) {
  const { t } = useTranslation();
  const { to } = useProject();
  const running = !importDone(job.status);
  // Line 0 stands for the whole file: why the import failed.
  const failure = job.errors.find((e) => e.line === 0)?.message;
  const refused = job.errors.filter((e) => e.line > 0);
  const errorColumns: Column<LineError>[] = [
    { key: 'line', header: t('Line'), className: 'w-20 tabular-nums', cell: (e) => e.line },
    { key: 'message', header: t('Problem'), cell: (e) => <span className="break-words">{e.message}</span> },
  ];
  return (
    <>
      <PageHeader
        title={t('Suppression import')}
        description={t('Each line of the file becomes a rule; lines that are no address or domain are listed below.')}
        actions={
          !running && (
            <>
              <LinkButton variant="secondary" to={to('suppressions', 'import')}>
                {t('Import another file')}
              </LinkButton>
              <LinkButton to={to('suppressions')}>{t('View suppressions')}</LinkButton>
            </>
          )
        }
      />
      <JobProgressCard
        state={running ? 'running' : job.status === 'FAILED' ? 'failed' : 'done'}
        text={progressText(job)}
        badge={<ImportStatusBadge status={job.status} />}
        value={job.processed}
        max={job.total}
        label={t('Import progress')}
        failure={t('{failure} Lines done before it stopped are kept; importing the same file again is safe.', {
          failure: failure ?? t('Something went wrong while reading the file.'),
        })}
      />
      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <Stat label={t('Added')} value={formatNumber(job.added)} hint={t('New rules')} />
        <Stat
          label={t('Lines read')}
          value={formatNumber(job.processed)}
          hint={t('Of {total}', { total: formatNumber(job.total) })}
        />
        <Stat
          label={t('Refused')}
          value={formatNumber(refused.length)}
          hint={t('Lines that are no address or domain')}
        />
      </div>
      {refused.length > 0 && (
        <section aria-labelledby="refused-lines">
          <h2 id="refused-lines" className="mb-2 text-sm font-semibold text-slate-900">
            {t('Refused lines')}
          </h2>
          <p className="mb-3 text-sm text-slate-500">
            {t('Fix these lines and import the file again: what is already suppressed is left as it is.')}
          </p>
          <Table caption={t('Refused lines')} columns={errorColumns} rows={refused} rowKey={(e) => `${e.line}`} />
        </section>
      )}
    </>
  );
}
