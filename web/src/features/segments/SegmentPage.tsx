/**
 * One segment: its members (paged, live for a dynamic segment), adding and removing members of a
 * static one, refreshing the count, recomputing tracked membership, editing and deleting.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Filter, ListChecks, RefreshCw, Trash2, Zap } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage, fieldError } from '../../api/client.ts';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Checkbox, TextArea } from '../../components/Field.tsx';
import { Badge, Card, PageHeader, Stat, Tabs } from '../../components/Layout.tsx';
import { BackLink, ContactLink } from '../../components/Links.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState, ErrorState, FormError, LoadingRows, Skeleton } from '../../components/States.tsx';
import { Pager, Table } from '../../components/Table.tsx';
import { useToast } from '../../components/Toast.tsx';
import { formatDateTime, formatNumber, plural } from '../../lib/format.ts';
import { countConditions, describeCondition, type FilterNode, fromApi } from './filter-model.ts';
import {
  MEMBERS_PAGE_SIZE,
  type Segment,
  type SegmentMember,
  segmentKey,
  segmentsKey,
  useFieldOptions,
  useSegment,
  useSegmentMembers,
} from './queries.ts';
import { SegmentForm, type SegmentSubmit } from './SegmentForm.tsx';

type Tab = 'members' | 'edit';

export function SegmentPage() {
  const { segmentId = '' } = useParams();
  const { to } = useProject();
  const segment = useSegment(segmentId);
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'edit' ? 'edit' : 'members';
  const setTab = (next: Tab) =>
    setSearch(
      (s) => {
        const out = new URLSearchParams(s);
        if (next === 'members') out.delete('tab');
        else out.set('tab', next);
        out.delete('page');
        return out;
      },
      { replace: true },
    );

  if (segment.isPending) {
    return (
      <>
        <BackLink to={to('segments')}>Segments</BackLink>
        <Skeleton className="mb-2 h-7 w-64" />
        <Skeleton className="mb-6 h-4 w-96" />
        <LoadingRows rows={6} label="Loading segment" />
      </>
    );
  }
  if (segment.isError) {
    return (
      <>
        <BackLink to={to('segments')}>Segments</BackLink>
        <ErrorState error={segment.error} retry={() => segment.refetch()} />
      </>
    );
  }
  const s = segment.data;
  return (
    <>
      <BackLink to={to('segments')}>Segments</BackLink>
      <PageHeader
        title={s.name}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {s.type === 'DYNAMIC' ? (
              <Badge tone="brand">
                <Filter className="mr-1 size-3" aria-hidden />
                Dynamic
              </Badge>
            ) : (
              <Badge>
                <ListChecks className="mr-1 size-3" aria-hidden />
                Static
              </Badge>
            )}
            {s.trackMembership && <Badge tone="green">Tracks entry and exit</Badge>}
            {s.description && <span>{s.description}</span>}
          </span>
        }
        actions={<SegmentActions segment={s} />}
      />
      <Tabs<Tab>
        label="Segment"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'members', label: 'Members' },
          { id: 'edit', label: 'Settings' },
        ]}
      />
      <div role="tabpanel" aria-label={tab === 'members' ? 'Members' : 'Settings'}>
        {tab === 'members' ? <MembersTab segment={s} /> : <EditTab segment={s} onDone={() => setTab('members')} />}
      </div>
    </>
  );
}

function SegmentActions({ segment }: { segment: Segment }) {
  const { api, projectId, to } = useProject();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [confirm, setConfirm] = useState(false);
  const afterCount = (next: Segment) => {
    queryClient.setQueryData(segmentKey(projectId, segment.id), next);
    void queryClient.invalidateQueries({ queryKey: segmentKey(projectId, segment.id) });
    void queryClient.invalidateQueries({ queryKey: segmentsKey(projectId), exact: true });
  };
  const refresh = useMutation({
    mutationFn: () => api.post('/segments/{id}/refresh', { path: { id: segment.id } }),
    onSuccess: (next) => {
      afterCount(next);
      toast(`Counted again: ${plural(next.memberCount, 'member')}`);
    },
    onError: (e) => toast(errorMessage(e), 'error'),
  });
  const compute = useMutation({
    mutationFn: () => api.post('/segments/{id}/compute', { path: { id: segment.id } }),
    onSuccess: (r) => {
      afterCount({ ...segment, memberCount: r.memberCount });
      toast(`Membership recomputed: ${formatNumber(r.entered)} joined, ${formatNumber(r.exited)} left`);
    },
    onError: (e) => toast(errorMessage(e), 'error'),
  });
  const remove = useMutation({
    mutationFn: () => api.delete('/segments/{id}', { path: { id: segment.id } }),
    onSuccess: () => {
      queryClient.setQueryData(segmentsKey(projectId), (list: Segment[] | undefined) =>
        list?.filter((x) => x.id !== segment.id),
      );
      queryClient.removeQueries({ queryKey: segmentKey(projectId, segment.id) });
      toast(`Segment “${segment.name}” deleted`);
      navigate(to('segments'));
    },
  });
  return (
    <>
      <Button
        variant="secondary"
        icon={<RefreshCw className="size-4" aria-hidden />}
        loading={refresh.isPending}
        onClick={() => refresh.mutate()}
      >
        Refresh count
      </Button>
      {segment.trackMembership && (
        <Button
          variant="secondary"
          icon={<Zap className="size-4" aria-hidden />}
          loading={compute.isPending}
          onClick={() => compute.mutate()}
          title="Recompute who is in the segment now and record entry and exit events"
        >
          Recompute membership
        </Button>
      )}
      <Button
        variant="ghost"
        icon={<Trash2 className="size-4" aria-hidden />}
        onClick={() => {
          remove.reset();
          setConfirm(true);
        }}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
        title={`Delete “${segment.name}”?`}
        confirmLabel="Delete segment"
      >
        <p>Its contacts stay in the project. Campaigns and workflows that use the segment will no longer find it.</p>
        {remove.error ? (
          <div className="mt-3">
            <FormError error={remove.error} />
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

function MembersTab({ segment }: { segment: Segment }) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const members = useSegmentMembers(segment.id, page);
  const setPage = (n: number) =>
    setSearch((s) => {
      const out = new URLSearchParams(s);
      if (n <= 1) out.delete('page');
      else out.set('page', String(n));
      return out;
    });
  const staticSegment = segment.type === 'STATIC';
  const data = members.data;
  const from = data ? (data.page - 1) * data.pageSize + 1 : 0;
  const until = data ? from + data.data.length - 1 : 0;

  return (
    <div className="space-y-5">
      <div className="grid gap-4 md:grid-cols-3">
        <Stat
          label="Members now"
          value={data ? formatNumber(data.total) : <Skeleton className="h-8 w-16" />}
          hint={segment.type === 'DYNAMIC' ? 'Counted live from the filter' : 'Added by email'}
        />
        <Stat
          label="Stored count"
          value={formatNumber(segment.memberCount)}
          hint={
            <>
              Updated <RelativeTime iso={segment.updatedAt} />
            </>
          }
        />
        {segment.type === 'DYNAMIC' ? (
          <FilterSummary segment={segment} />
        ) : (
          <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="text-xs font-medium uppercase tracking-wide text-slate-500">Membership</div>
            <p className="mt-1 text-sm text-slate-700">
              A fixed list: people join when you add them here and leave when you remove them.
            </p>
          </div>
        )}
      </div>
      {staticSegment && <AddMembers segment={segment} />}
      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="sr-only">
          Members
        </h2>
        {members.isPending ? (
          <LoadingRows rows={6} label="Loading members" />
        ) : members.isError ? (
          <ErrorState error={members.error} retry={() => members.refetch()} />
        ) : data && data.total === 0 ? (
          <EmptyState
            title="No members yet"
            description={
              staticSegment
                ? 'Add people by email above.'
                : 'No contact matches the filter right now. Members appear here as contacts come to match it.'
            }
          />
        ) : data ? (
          <>
            <Table<SegmentMember>
              caption={`Members of ${segment.name}`}
              rowKey={(c) => c.id}
              rows={data.data}
              columns={[
                { key: 'email', header: 'Email', cell: (c) => <ContactLink id={c.id} email={c.email} /> },
                {
                  key: 'subscribed',
                  header: 'Status',
                  cell: (c) =>
                    c.subscribed ? <Badge tone="green">Subscribed</Badge> : <Badge tone="gray">Unsubscribed</Badge>,
                },
                {
                  key: 'created',
                  header: 'Contact since',
                  cell: (c) => <span title={formatDateTime(c.createdAt)}>{formatDateTime(c.createdAt)}</span>,
                },
                ...(staticSegment
                  ? [
                      {
                        key: 'remove',
                        header: <span className="sr-only">Actions</span>,
                        className: 'text-right',
                        cell: (c: SegmentMember) => <RemoveMember segment={segment} member={c} />,
                      },
                    ]
                  : []),
              ]}
            />
            <Pager
              label={`${formatNumber(from)}–${formatNumber(until)} of ${formatNumber(data.total)}`}
              onPrev={data.page > 1 ? () => setPage(data.page - 1) : undefined}
              onNext={data.page < data.totalPages ? () => setPage(data.page + 1) : undefined}
            />
          </>
        ) : null}
      </section>
      <p className="sr-only" aria-live="polite">
        {data ? `Page ${data.page} of ${Math.max(1, data.totalPages)}, ${MEMBERS_PAGE_SIZE} per page` : ''}
      </p>
    </div>
  );
}

function FilterSummary({ segment }: { segment: Segment }) {
  const { options } = useFieldOptions(segment.id);
  const tree = useMemo(() => fromApi(segment.filters ?? segment.condition), [segment.filters, segment.condition]);
  const n = countConditions(tree);
  const lines = (node: FilterNode, depth: number): string[] =>
    node.kind === 'condition'
      ? [describeCondition(node, options ?? [])]
      : node.children.flatMap((c) =>
          c.kind === 'group'
            ? [`${c.logic === 'AND' ? 'All' : 'Any'} of: ${lines(c, depth + 1).join('; ')}`]
            : lines(c, depth + 1),
        );
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="text-xs font-medium uppercase tracking-wide text-slate-500">
        {n === 0 ? 'Filter' : `Matches ${tree.logic === 'AND' ? 'all' : 'any'} of`}
      </div>
      {n === 0 ? (
        <p className="mt-1 text-sm text-slate-700">Every contact</p>
      ) : !options ? (
        <Skeleton className="mt-2 h-4 w-full" />
      ) : (
        <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
          {lines(tree, 0)
            .slice(0, 4)
            .map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines of a summary, in order, re-made on change.
              <li key={i} className="truncate" title={line}>
                {line}
              </li>
            ))}
          {lines(tree, 0).length > 4 && <li className="text-slate-500">and {lines(tree, 0).length - 4} more</li>}
        </ul>
      )}
    </div>
  );
}

function AddMembers({ segment }: { segment: Segment }) {
  const { api, projectId } = useProject();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [text, setText] = useState('');
  const [createMissing, setCreateMissing] = useState(false);
  const emails = text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const add = useMutation({
    mutationFn: () => api.post('/segments/{id}/members', { path: { id: segment.id }, body: { emails, createMissing } }),
    onSuccess: (r) => {
      void queryClient.invalidateQueries({ queryKey: segmentKey(projectId, segment.id) });
      void queryClient.invalidateQueries({ queryKey: segmentsKey(projectId), exact: true });
      const parts = [`${plural(r.added, 'member')} added`];
      if (r.created) parts.push(`${plural(r.created, 'contact')} created`);
      if (r.alreadyMembers) parts.push(`${formatNumber(r.alreadyMembers)} already in`);
      toast(parts.join(', '));
      if (r.notFound.length === 0) setText('');
      else setText(r.notFound.join('\n'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (emails.length > 0) add.mutate();
  };
  const notFound = add.data?.notFound ?? [];
  return (
    <Card title="Add members">
      <form onSubmit={submit} noValidate className="space-y-3">
        <FormError error={add.error && !fieldError(add.error, 'emails') ? add.error : null} />
        <TextArea
          label="Email addresses"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={'ann@example.com\nbob@example.com'}
          hint="One per line, or separated by commas. Up to 1,000 at a time."
          error={
            fieldError(add.error, 'emails') ??
            (notFound.length > 0
              ? `${plural(notFound.length, 'address', 'addresses')} had no contact and ${notFound.length === 1 ? 'was' : 'were'} left out.`
              : undefined)
          }
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox
            label="Create contacts for addresses not in the project yet"
            checked={createMissing}
            onChange={(e) => setCreateMissing(e.target.checked)}
          />
          <Button type="submit" loading={add.isPending} disabled={emails.length === 0}>
            {emails.length > 1 ? `Add ${formatNumber(emails.length)} members` : 'Add member'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function RemoveMember({ segment, member }: { segment: Segment; member: SegmentMember }) {
  const { api, projectId } = useProject();
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: () =>
      api.delete('/segments/{id}/members', { path: { id: segment.id }, body: { emails: [member.email] } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: segmentKey(projectId, segment.id) });
      void queryClient.invalidateQueries({ queryKey: segmentsKey(projectId), exact: true });
      toast(`${member.email} removed from the segment`);
    },
    onError: (e) => toast(errorMessage(e), 'error'),
  });
  return (
    <Button
      size="sm"
      variant="ghost"
      loading={remove.isPending}
      onClick={() => remove.mutate()}
      aria-label={`Remove ${member.email}`}
    >
      Remove
    </Button>
  );
}

function EditTab({ segment, onDone }: { segment: Segment; onDone: () => void }) {
  const { api, projectId } = useProject();
  const queryClient = useQueryClient();
  const toast = useToast();
  const initial = useMemo(
    () => ({
      name: segment.name,
      description: segment.description ?? '',
      type: segment.type,
      trackMembership: segment.trackMembership,
      filter: fromApi(segment.filters ?? segment.condition),
    }),
    [segment],
  );
  const save = useMutation({
    mutationFn: (v: SegmentSubmit) =>
      api.patch('/segments/{id}', {
        path: { id: segment.id },
        body: {
          name: v.name,
          description: v.description,
          trackMembership: v.trackMembership,
          ...(segment.type === 'DYNAMIC' ? { filters: v.filters } : {}),
        },
      }),
    onSuccess: (next) => {
      queryClient.setQueryData(segmentKey(projectId, segment.id), next);
      void queryClient.invalidateQueries({ queryKey: segmentKey(projectId, segment.id) });
      void queryClient.invalidateQueries({ queryKey: segmentsKey(projectId), exact: true });
      toast('Segment saved');
      onDone();
    },
  });
  return (
    <SegmentForm
      key={segment.updatedAt}
      initial={initial}
      segmentId={segment.id}
      onSubmit={(v) => save.mutate(v)}
      submitLabel="Save changes"
      pending={save.isPending}
      error={save.error}
      onCancel={onDone}
    />
  );
}
