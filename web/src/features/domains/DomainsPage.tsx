import { useQuery } from '@tanstack/react-query';
import { Globe, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/Field.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { EmptyState } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { formatDate, formatRelative } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Domain, domainMutations, domainQueries } from '../../queries/domains.ts';
import { useAction } from '../../queries/use-action.ts';
import { recordProgress } from './records.ts';
import { DomainStatus, DomainsNotice } from './shared.tsx';

/** Sending domains: the list, and adding one. */
export function DomainsPage() {
  const { t } = useTranslation();
  const scope = useProject();
  const domains = useQuery(domainQueries.list(scope));
  const [adding, setAdding] = useState(false);
  const addButton = can(scope.project, 'domains.manage') && (
    <Button onClick={() => setAdding(true)} icon={<Plus className="size-4" aria-hidden />}>
      {t('Add domain')}
    </Button>
  );
  return (
    <>
      <ListScreen
        title={t('Domains')}
        description={t(
          'Send from addresses on your own domains. Add a domain, publish its DNS records, and we verify it.',
        )}
        actions={addButton}
        notice={<DomainsNotice />}
        query={domains}
        loadingLabel={t('Loading domains')}
        empty={<NoDomains add={addButton} />}
      >
        {(rows) => <DomainsTable domains={rows} />}
      </ListScreen>
      {adding && <AddDomainDialog onClose={() => setAdding(false)} />}
    </>
  );
}

function NoDomains({ add }: { add: ReactNode }) {
  const { t } = useTranslation();
  const why = t(
    'Add the domain you send from (for example {example}). We give you the DNS records that prove you own it.',
    { example: 'acme.com' },
  );
  return (
    <EmptyState
      icon={<Globe className="size-8" aria-hidden />}
      title={t('No domains yet')}
      description={why}
      action={add}
    />
  );
}

function DomainsTable({ domains }: { domains: Domain[] }) {
  const { t } = useTranslation();
  const { to } = useProject();
  const records = (d: Domain) => {
    const { found, total } = recordProgress(d.records);
    return <span className="tabular-nums">{t('{found} of {total} found', { found, total })}</span>;
  };
  return (
    <Table<Domain>
      caption={t('Sending domains')}
      rows={domains}
      rowKey={(d) => d.id}
      columns={[
        {
          key: 'domain',
          header: t('Domain'),
          cell: (d) => <TextLink to={to('domains', d.id)}>{d.domain}</TextLink>,
        },
        { key: 'status', header: t('Status'), cell: (d) => <DomainStatus domain={d} /> },
        { key: 'records', header: t('DNS records'), cell: records },
        {
          key: 'checked',
          header: t('Last checked'),
          cell: (d) => (d.lastCheckedAt ? formatRelative(d.lastCheckedAt) : t('Not yet')),
        },
        { key: 'added', header: t('Added'), cell: (d) => formatDate(d.createdAt) },
      ]}
    />
  );
}

/** Adds a domain and opens its page, where its DNS records are. Mounted only while open. */
function AddDomainDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const add = useAction(domainMutations.create(scope), {
    inline: true,
    onSuccess: (created) => {
      toast(t('{domain} added. Publish its DNS records next.', { domain: created.domain }));
      navigate(scope.to('domains', created.id));
    },
  });
  const d = useDraft(
    { domain: '' },
    { save: add, toBody: (draft) => draft, leaveMessage: t('This domain is not added yet. Leave anyway?') },
  );
  return (
    <FormDialog open onClose={onClose} title={t('Add a domain')} submitLabel={t('Add domain')} draft={d}>
      <TextInput
        label={t('Domain')}
        placeholder="acme.com" // i18n-ignore: a domain name, not words
        autoFocus
        autoComplete="off"
        spellCheck={false}
        {...d.text('domain')}
        hint={t('The part after the @ in your sender address. A subdomain such as {example} works too.', {
          example: 'mail.acme.com',
        })}
      />
    </FormDialog>
  );
}
