import { useMutation, useQuery } from '@tanstack/react-query';
import { Globe, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldError } from '../../api/client.ts';
import { can } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/Field.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { formatDate, formatRelative } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Domain, domainQueries } from '../../queries/domains.ts';
import { overviewQueries } from '../../queries/overview.ts';
import { setupQueries } from '../../queries/setup.ts';
import { recordProgress } from './records.ts';
import { DomainStatus, RoleNotice } from './shared.tsx';

/** Sending domains: the list, and adding one. */
export function DomainsPage() {
  const scope = useProject();
  const domains = useQuery(domainQueries.list(scope));
  const [adding, setAdding] = useState(false);
  const canManage = can(scope.project, 'domains.manage');
  const addButton = canManage && (
    <Button onClick={() => setAdding(true)} icon={<Plus className="size-4" aria-hidden />}>
      Add domain
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Domains"
        description="Send from addresses on your own domains. Add a domain, publish its DNS records, and we verify it."
        actions={addButton}
      />
      {!canManage && <RoleNotice />}
      {domains.isPending && <LoadingRows rows={3} label="Loading domains" />}
      {domains.isError && <ErrorState error={domains.error} retry={() => domains.refetch()} />}
      {domains.isSuccess && domains.data.length === 0 && (
        <EmptyState
          icon={<Globe className="size-8" aria-hidden />}
          title="No domains yet"
          description="Add the domain you send from (for example acme.com). We give you the DNS records that prove you own it."
          action={addButton}
        />
      )}
      {domains.isSuccess && domains.data.length > 0 && (
        <Table<Domain>
          caption="Sending domains"
          rows={domains.data}
          rowKey={(d) => d.id}
          columns={[
            {
              key: 'domain',
              header: 'Domain',
              cell: (d) => <TextLink to={scope.to('domains', d.id)}>{d.domain}</TextLink>,
            },
            { key: 'status', header: 'Status', cell: (d) => <DomainStatus domain={d} /> },
            {
              key: 'records',
              header: 'DNS records',
              cell: (d) => {
                const { found, total } = recordProgress(d.records);
                return (
                  <span className="tabular-nums">
                    {found} of {total} found
                  </span>
                );
              },
            },
            {
              key: 'checked',
              header: 'Last checked',
              cell: (d) => (d.lastCheckedAt ? formatRelative(d.lastCheckedAt) : 'Not yet'),
            },
            { key: 'added', header: 'Added', cell: (d) => formatDate(d.createdAt) },
          ]}
        />
      )}
      <AddDomainDialog open={adding} onClose={() => setAdding(false)} />
    </>
  );
}

function AddDomainDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { api, projectId, to } = useProject();
  const navigate = useNavigate();
  const [domain, setDomain] = useState('');
  const add = useMutation({
    mutationFn: () => api.post('/domains', { body: { domain } }),
    meta: {
      // Awaited before onSuccess, so the domain's page finds the new row. The Overview counts domains too.
      invalidates: [domainQueries.all(projectId), overviewQueries.all(projectId), setupQueries.all(projectId)],
      errorShownInline: true,
    },
    onSuccess: (created) => {
      toast(`${created.domain} added. Publish its DNS records next.`);
      navigate(to('domains', created.id));
    },
  });
  const close = () => {
    add.reset();
    setDomain('');
    onClose();
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Add a domain"
      submitLabel="Add domain"
      onSubmit={() => add.mutate()}
      busy={add.isPending}
      error={add.error && !fieldError(add.error, 'domain') ? add.error : null}
    >
      <TextInput
        label="Domain"
        placeholder="acme.com"
        autoFocus
        autoComplete="off"
        spellCheck={false}
        value={domain}
        onChange={(e) => setDomain(e.target.value)}
        error={fieldError(add.error, 'domain')}
        hint="The part after the @ in your sender address. A subdomain such as mail.acme.com works too."
      />
    </FormDialog>
  );
}
