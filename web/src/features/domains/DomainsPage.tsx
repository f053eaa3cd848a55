import { useQuery } from '@tanstack/react-query';
import { Globe, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
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
  const scope = useProject();
  const domains = useQuery(domainQueries.list(scope));
  const [adding, setAdding] = useState(false);
  const addButton = can(scope.project, 'domains.manage') && (
    <Button onClick={() => setAdding(true)} icon={<Plus className="size-4" aria-hidden />}>
      Add domain
    </Button>
  );
  return (
    <>
      <ListScreen
        title="Domains"
        description="Send from addresses on your own domains. Add a domain, publish its DNS records, and we verify it."
        actions={addButton}
        notice={<DomainsNotice />}
        query={domains}
        loadingLabel="Loading domains"
        empty={<NoDomains add={addButton} />}
      >
        {(rows) => <DomainsTable domains={rows} />}
      </ListScreen>
      {adding && <AddDomainDialog onClose={() => setAdding(false)} />}
    </>
  );
}

function NoDomains({ add }: { add: ReactNode }) {
  const why = 'Add the domain you send from (for example acme.com). We give you the DNS records that prove you own it.';
  return (
    <EmptyState icon={<Globe className="size-8" aria-hidden />} title="No domains yet" description={why} action={add} />
  );
}

function DomainsTable({ domains }: { domains: Domain[] }) {
  const { to } = useProject();
  const records = (d: Domain) => {
    const { found, total } = recordProgress(d.records);
    return <span className="tabular-nums">{`${found} of ${total} found`}</span>;
  };
  return (
    <Table<Domain>
      caption="Sending domains"
      rows={domains}
      rowKey={(d) => d.id}
      columns={[
        { key: 'domain', header: 'Domain', cell: (d) => <TextLink to={to('domains', d.id)}>{d.domain}</TextLink> },
        { key: 'status', header: 'Status', cell: (d) => <DomainStatus domain={d} /> },
        { key: 'records', header: 'DNS records', cell: records },
        {
          key: 'checked',
          header: 'Last checked',
          cell: (d) => (d.lastCheckedAt ? formatRelative(d.lastCheckedAt) : 'Not yet'),
        },
        { key: 'added', header: 'Added', cell: (d) => formatDate(d.createdAt) },
      ]}
    />
  );
}

/** Adds a domain and opens its page, where its DNS records are. Mounted only while open. */
function AddDomainDialog({ onClose }: { onClose: () => void }) {
  const scope = useProject();
  const navigate = useNavigate();
  const add = useAction(domainMutations.create(scope), {
    inline: true,
    onSuccess: (created) => {
      toast(`${created.domain} added. Publish its DNS records next.`);
      navigate(scope.to('domains', created.id));
    },
  });
  const d = useDraft(
    { domain: '' },
    { save: add, toBody: (draft) => draft, leaveMessage: 'This domain is not added yet. Leave anyway?' },
  );
  return (
    <FormDialog open onClose={onClose} title="Add a domain" submitLabel="Add domain" draft={d}>
      <TextInput
        label="Domain"
        placeholder="acme.com"
        autoFocus
        autoComplete="off"
        spellCheck={false}
        {...d.text('domain')}
        hint="The part after the @ in your sender address. A subdomain such as mail.acme.com works too."
      />
    </FormDialog>
  );
}
