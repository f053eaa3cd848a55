/**
 * The audit log (beyond.md §10): every change to how the project is set up, by whom, from where,
 * newest first, filtered in the URL and loaded page after page; each entry opens with its changes
 * side by side; the entries the filters pick can be saved as CSV. Only for members who may read it.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Download, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../api/session.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States.tsx';
import { LoadMore, Table } from '../../components/Table.tsx';
import { msg } from '../../i18n/msg.ts';
import { fileNameOf, saveBlob } from '../../lib/download.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type AuditEntry, auditMutations, auditQueries } from '../../queries/audit.ts';
import { useAction } from '../../queries/use-action.ts';
import { Actor } from './Actor.tsx';
import { AuditEntryDialog } from './AuditEntryDialog.tsx';
import { type AuditFilterState, AuditFilters, useAuditFilter } from './AuditFilters.tsx';
import { fieldChanges, resourceScreen, resourceTypeLabel } from './describe.ts';

const PAGE_SIZE = 50;
// English messages, translated where shown.
const TITLE = msg('Audit log');
const DESCRIPTION = msg(
  'Who changed how this project is set up, and when: in the dashboard or through the API. Newest first.',
);

export function AuditLogPage() {
  const { t } = useTranslation();
  const { project } = useProject();
  if (!can(project, 'audit.read')) {
    return (
      <>
        <PageHeader title={t(TITLE)} description={t(DESCRIPTION)} />
        <PermissionNotice permission="audit.read">
          {t("Your role does not let you read this project's audit log.")}
        </PermissionNotice>
      </>
    );
  }
  return <AuditLog />;
}

function AuditLog() {
  const { t } = useTranslation();
  const scope = useProject();
  const filter = useAuditFilter();
  const exportCsv = useAction(auditMutations.exportCsv(scope, filter.query), {
    onSuccess: ({ blob, disposition }) => saveBlob(blob, fileNameOf(disposition, 'audit-log.csv')),
  });
  return (
    <>
      <PageHeader
        title={t(TITLE)}
        description={t(DESCRIPTION)}
        actions={
          <ActionButton action={exportCsv} icon={Download}>
            {t('Export CSV')}
          </ActionButton>
        }
      />
      <AuditFilters filter={filter} />
      <Entries filter={filter} />
    </>
  );
}

function Entries({ filter }: { filter: AuditFilterState }) {
  const { t } = useTranslation();
  const scope = useProject();
  const list = useInfiniteQuery(auditQueries.list(scope, filter.query, PAGE_SIZE));
  // The open entry is no filter: it stays out of the URL, and the pages loaded stay loaded.
  const [open, setOpen] = useState<AuditEntry | null>(null);
  if (list.isPending) return <LoadingRows rows={8} label={t('Loading the audit log')} />;
  if (list.isError) return <ErrorState error={list.error} retry={() => list.refetch()} />;
  const entries = list.data.pages.flatMap((p) => p.data);
  const total = list.data.pages[0]?.total;
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={<ScrollText className="size-8" aria-hidden />}
        title={filter.filtered ? t('No entries match these filters') : t('Nothing in the log yet')}
        description={
          filter.filtered
            ? t('Try another person or action, or a wider date range.')
            : t('Changes to templates, campaigns, keys, members and settings show up here as they are made.')
        }
      />
    );
  }
  return (
    <div className={list.isPlaceholderData ? 'opacity-60' : undefined}>
      <EntryTable entries={entries} onOpen={setOpen} />
      <LoadMore
        list={list}
        status={
          total !== undefined && total > entries.length
            ? t('Showing {shown} of {total}', { shown: formatNumber(entries.length), total: formatNumber(total) })
            : t('Showing {shown}', { shown: formatNumber(entries.length) })
        }
      />
      <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />
    </div>
  );
}

function EntryTable({ entries, onOpen }: { entries: AuditEntry[]; onOpen: (entry: AuditEntry) => void }) {
  const { t } = useTranslation();
  const { to } = useProject();
  return (
    <Table<AuditEntry>
      caption={t('Audit log, newest first')}
      rows={entries}
      rowKey={(e) => e.id}
      columns={[
        {
          key: 'at',
          header: t('When'),
          className: 'whitespace-nowrap',
          cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time>,
        },
        {
          key: 'actor',
          header: t('Who'),
          className: 'max-w-0 min-w-48 w-1/4',
          cell: (e) => (
            <>
              <Actor entry={e} />
              {e.ip && <span className="block truncate font-mono text-xs text-slate-500">{e.ip}</span>}
            </>
          ),
        },
        {
          key: 'action',
          header: t('Action'),
          cell: (e) => (
            <button
              type="button"
              onClick={() => onOpen(e)}
              aria-haspopup="dialog"
              className="whitespace-nowrap font-mono text-xs font-medium text-brand-700 hover:underline"
            >
              {e.action}
            </button>
          ),
        },
        {
          key: 'resource',
          header: t('Resource'),
          className: 'min-w-40',
          cell: (e) => {
            const screen = resourceScreen(e);
            const id = e.resource.id && (
              <span className="block max-w-40 truncate font-mono text-xs" title={e.resource.id}>
                {e.resource.id}
              </span>
            );
            return (
              <>
                <span className="block">{resourceTypeLabel(e.resource.type)}</span>
                {screen ? <TextLink to={to(...screen)}>{id}</TextLink> : id}
              </>
            );
          },
        },
        {
          key: 'changes',
          header: t('Changed'),
          className: 'max-w-0 min-w-28 w-1/5',
          cell: (e) => {
            const fields = fieldChanges(e).map((c) => c.field);
            return fields.length > 0 ? (
              <span className="block truncate font-mono text-xs" title={fields.join(', ')}>
                {fields.join(', ')}
              </span>
            ) : (
              <span className="text-slate-500">—</span>
            );
          },
        },
      ]}
    />
  );
}
