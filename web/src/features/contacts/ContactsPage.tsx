/**
 * The contacts list: search, cursor pages with a total (search, page size and page kept in the URL),
 * selection with bulk actions, add and import.
 */
import { useQuery } from '@tanstack/react-query';
import { Search, Upload, UserPlus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LinkButton } from '../../components/Button.tsx';
import { TextInput } from '../../components/Field.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { ListStates } from '../../components/ListScreen.tsx';
import { EmptyState } from '../../components/States.tsx';
import { Pager } from '../../components/Table.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useCursorPaging, useSearchParamState } from '../../lib/url-state.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { contactQueries } from '../../queries/contacts.ts';
import { AddContactDialog } from './AddContactDialog.tsx';
import { BulkActions } from './BulkActions.tsx';
import { BulkJobStatus } from './BulkJobStatus.tsx';
import { ContactsTable } from './ContactsTable.tsx';

const PAGE_SIZES = ['20', '50', '100'] as const;

export function ContactsPage() {
  const { t } = useTranslation();
  const scope = useProject();
  const { to } = scope;
  const [search, setSearch] = useSearchParamState('search');
  const [sizeParam, setSize] = useSearchParamState('size', PAGE_SIZES[0]);
  const limit = Number((PAGE_SIZES as readonly string[]).includes(sizeParam) ? sizeParam : PAGE_SIZES[0]);
  const paging = useCursorPaging();
  const [searchText, setSearchText] = useState(search);
  const settled = useDebouncedValue(searchText.trim(), 300);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [jobId, setJobId] = useState<string>();

  // The settled search goes into the URL (a reload or a shared link shows the same list); a new
  // search starts from the first page (url-state drops the cursor).
  useEffect(() => {
    if (settled !== search) setSearch(settled);
  }, [settled, search, setSearch]);

  const query = { search: search || undefined, limit };
  // The total comes with the first page only; on the first page both are one query.
  const first = useQuery(contactQueries.list(scope, query));
  const page = useQuery(contactQueries.list(scope, { ...query, cursor: paging.cursor }));
  const total = first.data?.total;
  const start = paging.pageIndex * limit;

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const togglePage = (ids: string[], select: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (select) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const addButton = (
    <Button icon={<UserPlus className="size-4" aria-hidden />} onClick={() => setAdding(true)}>
      {t('Add contact')}
    </Button>
  );
  const importButton = (
    <LinkButton variant="secondary" to={to('contacts', 'import')} icon={<Upload className="size-4" aria-hidden />}>
      {t('Import CSV')}
    </LinkButton>
  );
  const firstSteps = (
    <div className="flex gap-2">
      {importButton}
      {addButton}
    </div>
  );
  const noContactsAtAll = first.isSuccess && !search && first.data.total === 0;
  return (
    <>
      <PageHeader
        title={t('Contacts')}
        description={t('Everyone you can email from this project.')}
        actions={
          <>
            {importButton}
            {addButton}
          </>
        }
      />
      {jobId && <BulkJobStatus jobId={jobId} onDismiss={() => setJobId(undefined)} />}
      {noContactsAtAll ? (
        <EmptyState
          icon={<Users className="size-8" aria-hidden />}
          title={t('No contacts yet')}
          description={t(
            'Add people one by one, import a CSV file, or let them arrive through the API when you send or track events.',
          )}
          action={firstSteps}
        />
      ) : (
        <>
          <div className="mb-3 flex flex-wrap items-center gap-3">
            <div className="relative min-w-0 flex-1 basis-56">
              <Search
                className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
                aria-hidden
              />
              <TextInput
                label={t('Search contacts by email')}
                hideLabel
                type="search"
                placeholder={t('Search by email')}
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
                className="pl-8"
              />
            </div>
            <label className="flex items-center gap-2 text-sm text-slate-600">
              {t('Rows per page')}
              <select
                value={limit}
                onChange={(e) => setSize(e.target.value)}
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
          <BulkActions
            selected={selected}
            onClear={() => setSelected(new Set())}
            onStarted={(id, action) => {
              setJobId(id);
              setSelected(new Set());
              if (action === 'delete') paging.reset();
            }}
          />
          <ListStates
            query={page}
            loadingLabel={t('Loading contacts')}
            loadingRows={Math.min(limit, 10)}
            empty={
              <EmptyState
                icon={<Search className="size-8" aria-hidden />}
                title={search ? t('No contacts match “{search}”', { search }) : t('No contacts on this page')}
                description={search ? t('Search looks for this text anywhere in the email address.') : undefined}
                action={
                  search ? (
                    <Button variant="secondary" onClick={() => setSearchText('')}>
                      {t('Clear search')}
                    </Button>
                  ) : undefined
                }
              />
            }
          >
            {({ data: rows, hasMore, cursor }) => (
              <>
                <div aria-busy={page.isFetching || undefined}>
                  <ContactsTable
                    rows={rows}
                    caption={search ? t('Contacts matching {search}', { search }) : t('Contacts')}
                    selected={selected}
                    onToggle={toggle}
                    onTogglePage={togglePage}
                  />
                </div>
                {/* Always under the rows, one page or several: it says how many there are. */}
                <Pager
                  label={
                    <span aria-live="polite">
                      {total === undefined
                        ? ' '
                        : t('Showing {from}–{to} of {total, plural, one {# contact} other {# contacts}}', {
                            from: formatNumber(start + 1),
                            to: formatNumber(start + rows.length),
                            total,
                          })}
                    </span>
                  }
                  onPrev={paging.hasPrev ? paging.prev : undefined}
                  onNext={hasMore && !page.isPlaceholderData ? () => paging.next(cursor) : undefined}
                />
              </>
            )}
          </ListStates>
        </>
      )}
      {adding && <AddContactDialog onClose={() => setAdding(false)} />}
    </>
  );
}
