import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, RefreshCw, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { can } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { Badge, Card, PageHeader } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
import { TypeToConfirmDialog } from '../../components/TypeToConfirmDialog.tsx';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { type Domain, type DomainRecord, domainMutations, domainQueries } from '../../queries/domains.ts';
import { useAction } from '../../queries/use-action.ts';
import { PURPOSE_TEXT, recordProgress, relativeHost } from './records.ts';
import { DomainStatus, DomainsNotice } from './shared.tsx';

/** One domain: the DNS records to publish, checking them now, and removing the domain. */
export function DomainPage() {
  const { domainId = '' } = useParams();
  const scope = useProject();
  const domain = useQuery(domainQueries.one(scope, domainId));
  return (
    <DetailScreen query={domain} back={{ to: scope.to('domains'), label: 'Domains' }} noun="domain">
      {(d) => <DomainDetail domain={d} />}
    </DetailScreen>
  );
}

function DomainDetail({ domain }: { domain: Domain }) {
  const scope = useProject();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // The heading carries a status badge, so PageHeader cannot take the tab title from it.
  usePageTitle(domain.domain);
  const verify = useAction(domainMutations.verify(scope, domain.id), {
    inline: true,
    onSuccess: (checked) => {
      const { found, total } = recordProgress(checked.records);
      if (checked.verified) toast(`${checked.domain} is verified. You can send from it now.`);
      else toast(`Not verified yet: ${found} of ${total} records found.`, 'error');
    },
  });
  const remove = useAction(domainMutations.remove(scope, domain.id), {
    inline: true,
    onSuccess: () => {
      navigate(scope.to('domains'));
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
            {can(scope.project, 'domains.manage') && (
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
      <DomainsNotice />
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
        onClose={() => setConfirmDelete(false)}
        action={remove}
        title={`Delete ${domain.domain}?`}
        confirmText={domain.domain}
        confirmLabel="Delete domain"
      >
        <p>
          Mail from addresses on {domain.domain} will be refused until you add and verify it again. Its DKIM key is
          thrown away, so the DNS records change if you add it back.
        </p>
      </TypeToConfirmDialog>
    </>
  );
}

function StatusPanel({ domain, found, total }: { domain: Domain; found: number; total: number }) {
  if (domain.verified) {
    return (
      <Callout
        tone="success"
        icon={<CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />}
        title={`Verified ${domain.verifiedAt ? `on ${formatDateTime(domain.verifiedAt)}` : ''}`}
      >
        <p>
          You can send from any address on {domain.domain}. Keep the records in place: we re-check them every 5 minutes.
        </p>
      </Callout>
    );
  }
  return (
    <Callout
      tone="warning"
      icon={<Clock className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />}
      title={`Waiting for DNS: ${found} of ${total} records found`}
    >
      <p>
        Publish the records below, then press Verify now. DNS changes can take a few minutes to an hour to show; we also
        check every 5 minutes.{' '}
        {domain.lastCheckedAt ? `Last checked ${formatRelative(domain.lastCheckedAt)}.` : 'Not checked yet.'}
      </p>
    </Callout>
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
