import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, RefreshCw, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { can } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { Badge, Card, PageHeader } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
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
  const { t } = useTranslation();
  const { domainId = '' } = useParams();
  const scope = useProject();
  const domain = useQuery(domainQueries.one(scope, domainId));
  return (
    <DetailScreen
      query={domain}
      back={{ to: scope.to('domains'), label: t('Domains') }}
      kind="domain"
      missing={{
        title: t('This domain does not exist'),
        action: <TextLink to={scope.to('domains')}>{t('See all domains')}</TextLink>,
      }}
    >
      {(d) => <DomainDetail domain={d} />}
    </DetailScreen>
  );
}

function DomainDetail({ domain }: { domain: Domain }) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // The heading carries a status badge, so PageHeader cannot take the tab title from it.
  usePageTitle(domain.domain);
  const verify = useAction(domainMutations.verify(scope, domain.id), {
    inline: true,
    onSuccess: (checked) => {
      const { found, total } = recordProgress(checked.records);
      if (checked.verified) toast(t('{domain} is verified. You can send from it now.', { domain: checked.domain }));
      else toast(t('Not verified yet: {found} of {total} records found.', { found, total }), 'error');
    },
  });
  const remove = useAction(domainMutations.remove(scope, domain.id), {
    inline: true,
    onSuccess: () => {
      navigate(scope.to('domains'));
      toast(t('{domain} removed.', { domain: domain.domain }));
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
        description={t('Added {date}', { date: formatDateTime(domain.createdAt) })}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => verify.mutate()}
              loading={verify.isPending}
              icon={<RefreshCw className="size-4" aria-hidden />}
            >
              {t('Verify now')}
            </Button>
            {can(scope.project, 'domains.manage') && (
              <Button
                variant="secondary"
                onClick={() => setConfirmDelete(true)}
                icon={<Trash2 className="size-4 text-red-600" aria-hidden />}
              >
                {t('Delete')}
              </Button>
            )}
          </>
        }
      />
      <DomainsNotice />
      <div className="space-y-6">
        <FormError error={verify.error} />
        <StatusPanel domain={domain} found={found} total={total} />
        <Card title={t('DNS records')}>
          <p className="mb-4 text-sm text-slate-600">
            <Trans
              i18nKey="Add these records at your DNS provider (where you bought the domain). Some providers want only the host part before <domain>{domain}</domain>: it is shown under each name."
              values={{ domain: domain.domain }}
              components={{ domain: <span className="font-mono text-xs" /> }}
            />
          </p>
          <RecordsTable domain={domain} />
        </Card>
      </div>
      <TypeToConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        action={remove}
        title={t('Delete {domain}?', { domain: domain.domain })}
        confirmText={domain.domain}
        confirmLabel={t('Delete domain')}
      >
        <p>
          {t(
            'Mail from addresses on {domain} will be refused until you add and verify it again. Its DKIM key is thrown away, so the DNS records change if you add it back.',
            { domain: domain.domain },
          )}
        </p>
      </TypeToConfirmDialog>
    </>
  );
}

function StatusPanel({ domain, found, total }: { domain: Domain; found: number; total: number }) {
  const { t } = useTranslation();
  if (domain.verified) {
    return (
      <Callout
        tone="success"
        icon={<CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />}
        title={domain.verifiedAt ? t('Verified on {date}', { date: formatDateTime(domain.verifiedAt) }) : t('Verified')}
      >
        <p>
          {t(
            'You can send from any address on {domain}. Keep the records in place: we re-check them every 5 minutes.',
            { domain: domain.domain },
          )}
        </p>
      </Callout>
    );
  }
  return (
    <Callout
      tone="warning"
      icon={<Clock className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />}
      title={t('Waiting for DNS: {found} of {total} records found', { found, total })}
    >
      <p>
        {t(
          'Publish the records below, then press Verify now. DNS changes can take a few minutes to an hour to show; we also check every 5 minutes.',
        )}{' '}
        {domain.lastCheckedAt
          ? t('Last checked {when}.', { when: formatRelative(domain.lastCheckedAt) })
          : t('Not checked yet.')}
      </p>
    </Callout>
  );
}

function RecordsTable({ domain }: { domain: Domain }) {
  const { t } = useTranslation();
  return (
    <ul
      aria-label={t('DNS records to publish')}
      className="divide-y divide-slate-100 rounded-md border border-slate-200"
    >
      {domain.records.map((record) => (
        <RecordRow key={`${record.purpose}-${record.name}`} record={record} domain={domain} />
      ))}
    </ul>
  );
}

function RecordRow({ record, domain }: { record: DomainRecord; domain: Domain }) {
  const { t } = useTranslation();
  const purpose = PURPOSE_TEXT[record.purpose];
  const label = t(purpose.label);
  const host = relativeHost(record.name, domain.domain);
  const checked = domain.lastCheckedAt !== null;
  return (
    <li aria-label={t('{record} record', { record: label })} data-purpose={record.purpose} className="space-y-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Badge tone="brand">{record.type}</Badge>
          <span className="text-sm font-semibold text-slate-900">{label}</span>
          {!purpose.required && <span className="text-xs text-slate-500">{t('Recommended')}</span>}
        </div>
        <RecordStatus verified={record.verified} checked={checked} />
      </div>
      <p className="text-xs text-slate-500">{t(purpose.help)}</p>
      {checked && !record.verified && record.reason && (
        <p className="text-xs text-amber-800">{t('Last check: {reason}', { reason: record.reason })}</p>
      )}
      <dl className="grid gap-3 text-sm xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="min-w-0">
          <dt className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">{t('Host / name')}</dt>
          <dd className="flex items-start gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1.5 font-mono text-xs">
              {record.name}
            </code>
            <CopyButton value={record.name} label={t('Copy {record} host', { record: label })} />
          </dd>
          {host !== record.name && (
            <dd className="mt-1 text-xs text-slate-500">
              <Trans
                i18nKey="Host only: <host>{host}</host>"
                values={{ host }}
                components={{ host: <span className="font-mono" /> }}
              />
            </dd>
          )}
        </div>
        <div className="min-w-0">
          <dt className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">{t('Value')}</dt>
          <dd className="flex items-start gap-2">
            <code
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a long value (DKIM) scrolls; keyboard users scroll it by focusing it.
              tabIndex={0}
              className="max-h-28 min-w-0 flex-1 overflow-y-auto break-all rounded bg-slate-100 px-2 py-1.5 font-mono text-xs"
            >
              {record.value}
            </code>
            <CopyButton value={record.value} label={t('Copy {record} value', { record: label })} />
          </dd>
        </div>
      </dl>
    </li>
  );
}

function RecordStatus({ verified, checked }: { verified: boolean; checked: boolean }) {
  const { t } = useTranslation();
  if (verified) {
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700">
        <CheckCircle2 className="size-4" aria-hidden /> {t('Found')}
      </span>
    );
  }
  if (!checked) {
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-500">
        <Clock className="size-4" aria-hidden /> {t('Not checked yet')}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-700">
      <XCircle className="size-4" aria-hidden /> {t('Not found')}
    </span>
  );
}
