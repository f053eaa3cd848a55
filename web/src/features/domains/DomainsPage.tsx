import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Globe, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fieldError } from '../../api/client.ts';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextInput } from '../../components/Field.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, FormError, LoadingRows } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { useToast } from '../../components/Toast.tsx';
import { formatDate, formatRelative } from '../../lib/format.ts';
import { type Domain, domainsKey, useDomains } from './queries.ts';
import { recordProgress } from './records.ts';
import { DomainStatus, mayManageDomains, RoleNotice } from './shared.tsx';

/** Sending domains: the list, and adding one. */
export function DomainsPage() {
  const { project, to } = useProject();
  const domains = useDomains();
  const [adding, setAdding] = useState(false);
  const canManage = mayManageDomains(project.role);
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
              cell: (d) => (
                <Link to={to('domains', d.id)} className="font-medium text-brand-700 hover:underline">
                  {d.domain}
                </Link>
              ),
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
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [domain, setDomain] = useState('');
  const add = useMutation({
    mutationFn: () => api.post('/domains', { body: { domain } }),
    onSuccess: (created) => {
      queryClient.setQueryData<Domain[]>(domainsKey(projectId), (list) => [...(list ?? []), created]);
      queryClient.invalidateQueries({ queryKey: domainsKey(projectId) });
      toast(`${created.domain} added. Publish its DNS records next.`);
      navigate(to('domains', created.id));
    },
  });
  const close = () => {
    add.reset();
    setDomain('');
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <Dialog open={open} onClose={close} title="Add a domain">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormError error={add.error && !fieldError(add.error, 'domain') ? add.error : null} />
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
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add domain
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
