import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, RefreshCw, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { can } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Badge, Card, PageHeader } from '../../components/Layout.tsx';
import { BackLink, TextLink } from '../../components/Links.tsx';
import { EmptyState, ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { TypeToConfirmDialog } from '../../components/TypeToConfirmDialog.tsx';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { type Domain, type DomainRecord, domainQueries } from '../../queries/domains.ts';
import { overviewQueries } from '../../queries/overview.ts';
import { setupQueries } from '../../queries/setup.ts';
import { PURPOSE_TEXT, recordProgress, relativeHost } from './records.ts';
import { DomainStatus, RoleNotice } from './shared.tsx';

/** One domain: the DNS records to publish, checking them now, and removing the domain. */
export function DomainPage() {
  const { domainId = '' } = useParams();
  const scope = useProject();
  const domains = useQuery(domainQueries.list(scope));
  const domain = domains.data?.find((d) => d.id === domainId);
  const back = <BackLink to={scope.to('domains')}>Domains</BackLink>;
  if (domains.isPending) {
    return (
      <div role="status" aria-label="Loading the domain">
        {back}
        <Skeleton className="mb-6 h-8 w-72" />
        <Skeleton className="mb-6 h-24 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  if (domains.isError) return <ErrorState error={domains.error} retry={() => domains.refetch()} />;
  if (!domain) {
    return (
      <>
        {back}
        <PageHeader title="Domain not found" />
        <EmptyState
          title="This domain is not in the project"
          description="It may have been removed."
          action={<TextLink to={scope.to('domains')}>See all domains</TextLink>}
        />
      </>
    );
  }
  return (
    <>
      {back}
      <DomainDetail domain={domain} />
    </>
  );
}

function DomainDetail({ domain }: { domain: Domain }) {
  const { api, project, projectId, to } = useProject();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const canManage = can(project, 'domains.manage');
  // The heading carries a status badge, so PageHeader cannot take the tab title from it.
  usePageTitle(domain.domain);
  const listKey = domainQueries.list({ api, projectId }).queryKey;
  // A check or a removal changes the Overview's checklist too.
  const invalidates = [domainQueries.all(projectId), overviewQueries.all(projectId), setupQueries.all(projectId)];

  const verify = useMutation({
    mutationFn: () => api.get('/domains/{id}/verify', { path: { id: domain.id } }),
    meta: { invalidates, errorShownInline: true },
    onSuccess: (checked) => {
      queryClient.setQueryData<Domain[]>(listKey, (list) => list?.map((d) => (d.id === checked.id ? checked : d)));
      const { found, total } = recordProgress(checked.records);
      if (checked.verified) toast(`${checked.domain} is verified. You can send from it now.`);
      else toast(`Not verified yet: ${found} of ${total} records found.`, 'error');
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete('/domains/{id}', { path: { id: domain.id } }),
    // Not the domains list: refetched before onSuccess, it would show "not found" here for a moment.
    // The row leaves the cached list instead, once the list's screen is on.
    meta: { invalidates: invalidates.slice(1), errorShownInline: true },
    onSuccess: () => {
      navigate(to('domains'));
      queryClient.setQueryData<Domain[]>(listKey, (list) => list?.filter((d) => d.id !== domain.id));
      toast(`${domain.domain} removed.`);
    },
  });
  const { found, total } = recordProgress(domain.records);

  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            {domain.domain} <DomainStatus domain={domain} />
          </span>
        }
        description={`Added ${formatDateTime(domain.createdAt)}`}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => verify.mutate()}
              loading={verify.isPending}
              icon={<RefreshCw className="size-4" aria-hidden />}
            >
              Verify now
            </Button>
            {canManage && (
              <Button
                variant="secondary"
                onClick={() => setConfirmDelete(true)}
                icon={<Trash2 className="size-4 text-red-600" aria-hidden />}
              >
                Delete
              </Button>
            )}
          </>
        }
      />
      {!canManage && <RoleNotice />}
      <div className="space-y-6">
        <FormError error={verify.error} />
        <StatusPanel domain={domain} found={found} total={total} />
        <Card title="DNS records">
          <p className="mb-4 text-sm text-slate-600">
            Add these records at your DNS provider (where you bought the domain). Some providers want only the host part
            before <span className="font-mono text-xs">{domain.domain}</span>: it is shown under each name.
          </p>
          <RecordsTable domain={domain} />
        </Card>
      </div>
      <TypeToConfirmDialog
        open={confirmDelete}
        onClose={() => {
          setConfirmDelete(false);
          remove.reset();
        }}
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
        title={`Delete ${domain.domain}?`}
        confirmText={domain.domain}
        confirmLabel="Delete domain"
      >
        <p>
          Mail from addresses on {domain.domain} will be refused until you add and verify it again. Its DKIM key is
          thrown away, so the DNS records change if you add it back.
        </p>
        <div className="mt-3">
          <FormError error={remove.error} />
        </div>
      </TypeToConfirmDialog>
    </>
  );
}

function StatusPanel({ domain, found, total }: { domain: Domain; found: number; total: number }) {
  if (domain.verified) {
    return (
      <div className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
        <div>
          <p className="font-medium">Verified {domain.verifiedAt ? `on ${formatDateTime(domain.verifiedAt)}` : ''}</p>
          <p className="mt-0.5">
            You can send from any address on {domain.domain}. Keep the records in place: we re-check them every 5
            minutes.
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <Clock className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />
      <div>
        <p className="font-medium">
          Waiting for DNS: {found} of {total} records found
        </p>
        <p className="mt-0.5">
          Publish the records below, then press Verify now. DNS changes can take a few minutes to an hour to show; we
          also check every 5 minutes.{' '}
          {domain.lastCheckedAt ? `Last checked ${formatRelative(domain.lastCheckedAt)}.` : 'Not checked yet.'}
        </p>
      </div>
    </div>
  );
}

function RecordsTable({ domain }: { domain: Domain }) {
  return (
    <ul aria-label="DNS records to publish" className="divide-y divide-slate-100 rounded-md border border-slate-200">
      {domain.records.map((record) => (
        <RecordRow key={`${record.purpose}-${record.name}`} record={record} domain={domain} />
      ))}
    </ul>
  );
}

function RecordRow({ record, domain }: { record: DomainRecord; domain: Domain }) {
  const purpose = PURPOSE_TEXT[record.purpose];
  const host = relativeHost(record.name, domain.domain);
  const checked = domain.lastCheckedAt !== null;
  return (
    <li aria-label={`${purpose.label} record`} data-purpose={record.purpose} className="space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Badge tone="brand">{record.type}</Badge>
          <span className="text-sm font-semibold text-slate-900">{purpose.label}</span>
          {!purpose.required && <span className="text-xs text-slate-500">Recommended</span>}
        </div>
        <RecordStatus verified={record.verified} checked={checked} />
      </div>
      <p className="text-xs text-slate-500">{purpose.help}</p>
      {checked && !record.verified && record.reason && (
        <p className="text-xs text-amber-800">Last check: {record.reason}</p>
      )}
      <dl className="grid gap-3 text-sm xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="min-w-0">
          <dt className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">Host / name</dt>
          <dd className="flex items-start gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1.5 font-mono text-xs">
              {record.name}
            </code>
            <CopyButton value={record.name} label={`Copy ${purpose.label} host`} />
          </dd>
          {host !== record.name && (
            <dd className="mt-1 text-xs text-slate-500">
              Host only: <span className="font-mono">{host}</span>
            </dd>
          )}
        </div>
        <div className="min-w-0">
          <dt className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">Value</dt>
          <dd className="flex items-start gap-2">
            <code
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a long value (DKIM) scrolls; keyboard users scroll it by focusing it.
              tabIndex={0}
              className="max-h-28 min-w-0 flex-1 overflow-y-auto break-all rounded bg-slate-100 px-2 py-1.5 font-mono text-xs"
            >
              {record.value}
            </code>
            <CopyButton value={record.value} label={`Copy ${purpose.label} value`} />
          </dd>
        </div>
      </dl>
    </li>
  );
}

function RecordStatus({ verified, checked }: { verified: boolean; checked: boolean }) {
  if (verified) {
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700">
        <CheckCircle2 className="size-4" aria-hidden /> Found
      </span>
    );
  }
  if (!checked) {
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-500">
        <Clock className="size-4" aria-hidden /> Not checked yet
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-700">
      <XCircle className="size-4" aria-hidden /> Not found
    </span>
  );
}
