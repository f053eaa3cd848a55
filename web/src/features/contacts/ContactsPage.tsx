/** The contacts list: search, cursor pages with a total, selection with bulk actions, add and import. */

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Search, Upload, UserPlus, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useProject } from '../../app/project-context.tsx';
import { Button, LinkButton } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Badge, PageHeader } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { type Column, Pager, Table } from '../../components/Table.tsx';
import { useToast } from '../../components/Toast.tsx';
import { formatDate, formatDateTime, formatNumber, plural } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { AddContactDialog } from './AddContactDialog.tsx';
import { BulkJobStatus } from './BulkJobStatus.tsx';
import { displayValue } from './data-editor.ts';
import { type ContactPage, contactsKey } from './queries.ts';

type Contact = ContactPage['data'][number];
type BulkAction = 'subscribe' | 'unsubscribe' | 'delete';

export const PAGE_SIZES = [20, 50, 100] as const;
/** The API takes at most this many ids per bulk call. */
const BULK_MAX = 1000;

function pageSize(raw: string | null): number {
  const n = Number(raw);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : PAGE_SIZES[0];
}

export function ContactsPage() {
  const { projectId, api, to } = useProject();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('search') ?? '';
  const limit = pageSize(params.get('size'));
  const [searchText, setSearchText] = useState(urlSearch);
  const search = useDebouncedValue(searchText.trim(), 300);
  // The cursors of the pages visited so far: [''] is the first page.
  const [cursors, setCursors] = useState<string[]>(['']);
  const cursor = cursors.at(-1) ?? '';
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [jobId, setJobId] = useState<string>();

  // The settled search goes into the URL (a reload or a shared link shows the same list).
  useEffect(() => {
    if (search === urlSearch) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (search) next.set('search', search);
        else next.delete('search');
        return next;
      },
      { replace: true },
    );
  }, [search, urlSearch, setParams]);

  // A new search or page size starts from the first page.
  const listing = `${search}\u0000${limit}`;
  const lastListing = useRef(listing);
  useEffect(() => {
    if (lastListing.current === listing) return;
    lastListing.current = listing;
    setCursors(['']);
  }, [listing]);

  const pageKey = (c: string) => contactsKey(projectId, 'list', { search, limit, cursor: c });
  const fetchPage = (c: string) => () =>
    api.get('/contacts', { query: { search: search || undefined, limit, cursor: c || undefined } });
  const first = useQuery({ queryKey: pageKey(''), queryFn: fetchPage(''), placeholderData: keepPreviousData });
  const page = useQuery({ queryKey: pageKey(cursor), queryFn: fetchPage(cursor), placeholderData: keepPreviousData });
  const rows = page.data?.data ?? [];
  const total = first.data?.total;
  const start = (cursors.length - 1) * limit;

  const bulk = useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: string[] }) => {
      const body = { contactIds: ids };
      if (action === 'subscribe') return api.post('/contacts/bulk-subscribe', { body });
      if (action === 'unsubscribe') return api.post('/contacts/bulk-unsubscribe', { body });
      return api.post('/contacts/bulk-delete', { body });
    },
    onSuccess: (job, { action }) => {
      setJobId(job.jobId);
      setSelected(new Set());
      setConfirmDelete(false);
      if (action === 'delete') setCursors(['']);
    },
    onError: (error) => toast(errorMessage(error), 'error'),
  });
  const runBulk = (action: BulkAction) => bulk.mutate({ action, ids: [...selected].slice(0, BULK_MAX) });

  const pageIds = rows.map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someOnPage = pageIds.some((id) => selected.has(id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const togglePage = () =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of pageIds) {
        if (allOnPage) next.delete(id);
        else next.add(id);
      }
      return next;
    });

  const columns: Column<Contact>[] = [
    {
      key: 'select',
      className: 'w-10 pr-0',
      header: (
        <HeaderCheckbox
          checked={allOnPage}
          indeterminate={someOnPage && !allOnPage}
          onChange={togglePage}
          disabled={pageIds.length === 0}
        />
      ),
      cell: (c) => (
        <input
          type="checkbox"
          aria-label={`Select ${c.email}`}
          checked={selected.has(c.id)}
          onChange={() => toggle(c.id)}
          className="size-4 rounded border-slate-300 accent-brand-600"
        />
      ),
    },
    {
      key: 'email',
      header: 'Email',
      cell: (c) => (
        <Link to={to('contacts', c.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
          {c.email}
        </Link>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      className: 'w-36',
      cell: (c) => (c.subscribed ? <Badge tone="green">Subscribed</Badge> : <Badge tone="gray">Unsubscribed</Badge>),
    },
    {
      key: 'fields',
      header: 'Fields',
      className: 'hidden xl:table-cell',
      cell: (c) => <FieldChips data={c.data} />,
    },
    {
      key: 'created',
      header: 'Added',
      className: 'w-32 whitespace-nowrap',
      cell: (c) => <time title={formatDateTime(c.createdAt)}>{formatDate(c.createdAt)}</time>,
    },
  ];

  const noContactsAtAll = first.isSuccess && !search && first.data.total === 0;
  return (
    <>
      <PageHeader
        title="Contacts"
        description="Everyone you can email from this project."
        actions={
          <>
            <LinkButton
              variant="secondary"
              to={to('contacts', 'import')}
              icon={<Upload className="size-4" aria-hidden />}
            >
              Import CSV
            </LinkButton>
            <Button icon={<UserPlus className="size-4" aria-hidden />} onClick={() => setAdding(true)}>
              Add contact
            </Button>
          </>
        }
      />

      {jobId && <BulkJobStatus jobId={jobId} onDismiss={() => setJobId(undefined)} />}

      {noContactsAtAll ? (
        <EmptyState
          icon={<Users className="size-8" aria-hidden />}
          title="No contacts yet"
          description="Add people one by one, import a CSV file, or let them arrive through the API when you send or track events."
          action={
            <div className="flex gap-2">
              <LinkButton variant="secondary" to={to('contacts', 'import')}>
                Import CSV
              </LinkButton>
              <Button onClick={() => setAdding(true)}>Add contact</Button>
            </div>
          }
        />
      ) : (
        <>
          <div className="mb-3 flex flex-wrap items-center gap-3">
            <div className="relative min-w-56 flex-1">
              <Search
                className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
                aria-hidden
              />
              <label htmlFor="contact-search" className="sr-only">
                Search contacts by email
              </label>
              <input
                id="contact-search"
                type="search"
                placeholder="Search by email"
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
                className="block w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-8 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
              />
            </div>
            <label className="flex items-center gap-2 text-sm text-slate-600">
              Rows per page
              <select
                value={limit}
                onChange={(e) =>
                  setParams(
                    (p) => {
                      const next = new URLSearchParams(p);
                      if (Number(e.target.value) === PAGE_SIZES[0]) next.delete('size');
                      else next.set('size', e.target.value);
                      return next;
                    },
                    { replace: true },
                  )
                }
                className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
              >
                {PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          </div>

          <BulkBar
            count={selected.size}
            busy={bulk.isPending ? bulk.variables?.action : undefined}
            onClear={() => setSelected(new Set())}
            onSubscribe={() => runBulk('subscribe')}
            onUnsubscribe={() => runBulk('unsubscribe')}
            onDelete={() => setConfirmDelete(true)}
          />

          {page.isError ? (
            <ErrorState error={page.error} retry={() => page.refetch()} />
          ) : page.isPending ? (
            <TableSkeleton rows={Math.min(limit, 10)} />
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<Search className="size-8" aria-hidden />}
              title={search ? `No contacts match “${search}”` : 'No contacts on this page'}
              description={search ? 'Search looks for this text anywhere in the email address.' : undefined}
              action={
                search ? (
                  <Button variant="secondary" onClick={() => setSearchText('')}>
                    Clear search
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <div aria-busy={page.isFetching || undefined} className={page.isPlaceholderData ? 'opacity-60' : ''}>
              <Table
                caption={search ? `Contacts matching ${search}` : 'Contacts'}
                columns={columns}
                rows={rows}
                rowKey={(c) => c.id}
              />
            </div>
          )}

          {rows.length > 0 && (
            <Pager
              label={
                <span aria-live="polite">
                  {total === undefined
                    ? ' '
                    : `Showing ${formatNumber(start + 1)}–${formatNumber(start + rows.length)} of ${plural(total, 'contact')}`}
                </span>
              }
              onPrev={cursors.length > 1 ? () => setCursors((c) => c.slice(0, -1)) : undefined}
              onNext={
                page.data?.hasMore && !page.isPlaceholderData
                  ? () => setCursors((c) => [...c, page.data.cursor])
                  : undefined
              }
            />
          )}
        </>
      )}

      <AddContactDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => runBulk('delete')}
        busy={bulk.isPending}
        title={`Delete ${plural(selected.size, 'contact')}?`}
        confirmLabel="Delete contacts"
      >
        Their fields, events and history go with them. This cannot be undone; a contact can come back only by being
        added again.
      </ConfirmDialog>
    </>
  );
}

function HeaderCheckbox({
  checked,
  indeterminate,
  onChange,
  disabled,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: () => void;
  disabled: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select all contacts on this page"
      checked={checked}
      disabled={disabled}
      onChange={onChange}
      className="size-4 rounded border-slate-300 accent-brand-600"
    />
  );
}

/** The selection's actions, shown while contacts are selected. */
function BulkBar({
  count,
  busy,
  onClear,
  onSubscribe,
  onUnsubscribe,
  onDelete,
}: {
  count: number;
  busy?: BulkAction;
  onClear: () => void;
  onSubscribe: () => void;
  onUnsubscribe: () => void;
  onDelete: () => void;
}) {
  if (count === 0) return null;
  return (
    <section
      aria-label="Bulk actions"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2"
    >
      <span className="mr-auto text-sm font-medium text-brand-700">
        {plural(count, 'contact')} selected
        {count > BULK_MAX && ` (the first ${formatNumber(BULK_MAX)} are acted on)`}
      </span>
      <Button size="sm" variant="secondary" onClick={onSubscribe} loading={busy === 'subscribe'}>
        Subscribe
      </Button>
      <Button size="sm" variant="secondary" onClick={onUnsubscribe} loading={busy === 'unsubscribe'}>
        Unsubscribe
      </Button>
      <Button size="sm" variant="danger" onClick={onDelete}>
        Delete
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </section>
  );
}

/** The first few custom fields of a row, as compact chips. */
function FieldChips({ data }: { data: Record<string, unknown> }) {
  const keys = Object.keys(data);
  if (keys.length === 0) return <span className="text-slate-500">—</span>;
  const shown = keys.slice(0, 2);
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-1">
      {shown.map((k) => (
        <span
          key={k}
          className="max-w-48 truncate rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800"
          title={`${k}: ${displayValue(data[k])}`}
        >
          <span className="text-slate-600">{k}:</span> {displayValue(data[k])}
        </span>
      ))}
      {keys.length > shown.length && <span className="text-xs text-slate-500">+{keys.length - shown.length}</span>}
    </span>
  );
}

/** The table's shape with grey rows, so the page does not move when the contacts arrive. */
function TableSkeleton({ rows }: { rows: number }) {
  const placeholders = Array.from({ length: rows }, (_, i) => ({ id: String(i) }));
  const columns: Column<{ id: string }>[] = [
    {
      key: 'select',
      header: <span className="sr-only">Select</span>,
      className: 'w-10 pr-0',
      cell: () => <Skeleton className="size-4" />,
    },
    { key: 'email', header: 'Email', cell: () => <Skeleton className="h-4 w-56" /> },
    { key: 'status', header: 'Status', className: 'w-36', cell: () => <Skeleton className="h-5 w-24 rounded-full" /> },
    {
      key: 'fields',
      header: 'Fields',
      className: 'hidden xl:table-cell',
      cell: () => <Skeleton className="h-5 w-40" />,
    },
    { key: 'created', header: 'Added', className: 'w-32', cell: () => <Skeleton className="h-4 w-20" /> },
  ];
  return (
    <div role="status" aria-label="Loading contacts">
      <Table caption="Loading contacts" columns={columns} rows={placeholders} rowKey={(r) => r.id} />
    </div>
  );
}
