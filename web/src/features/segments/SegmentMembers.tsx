/**
 * A segment's members tab: how many there are (live and stored), what selects them, and the members
 * by page. A static segment's members are added by email and removed one by one, with an undo.
 */
import { useQuery } from '@tanstack/react-query';
import { Undo2, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { Badge, Stat } from '../../components/Layout.tsx';
import { ContactLink } from '../../components/Links.tsx';
import { ListStates } from '../../components/ListScreen.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState, Skeleton } from '../../components/States.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { fromApi } from '../../filters/convert.ts';
import { FilterSummary } from '../../filters/FilterSummary.tsx';
import { useFieldOptions } from '../../filters/use-field-options.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { useSearchParamState } from '../../lib/url-state.ts';
import {
  MEMBERS_PAGE_SIZE,
  type Segment,
  type SegmentMember,
  segmentMutations,
  segmentQueries,
} from '../../queries/segments.ts';
import { useAction } from '../../queries/use-action.ts';
import { AddMembers } from './AddMembers.tsx';

const BOX = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm';
const BOX_TITLE = 'text-xs font-medium uppercase tracking-wide text-slate-500';

export function SegmentMembers({ segment }: { segment: Segment }) {
  const scope = useProject();
  const [pageParam, setPageParam] = useSearchParamState('page', '1');
  const page = Math.max(1, Number(pageParam) || 1);
  const members = useQuery(segmentQueries.members(scope, segment.id, page));
  const removing = useRemoval(segment);
  const isStatic = segment.type === 'STATIC';
  const data = members.data;
  const columns: Column<SegmentMember>[] = [
    { key: 'email', header: 'Email', cell: (c) => <ContactLink id={c.id} email={c.email} /> },
    {
      key: 'subscribed',
      header: 'Status',
      cell: (c) => (c.subscribed ? <Badge tone="green">Subscribed</Badge> : <Badge tone="gray">Unsubscribed</Badge>),
    },
    { key: 'created', header: 'Contact since', cell: (c) => formatDateTime(c.createdAt) },
  ];
  if (isStatic) {
    columns.push({
      key: 'remove',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (c) => (
        <Button
          size="sm"
          variant="ghost"
          loading={removing.remove.isPending && removing.remove.variables === c.email}
          onClick={() => removing.remove.mutate(c.email)}
          aria-label={`Remove ${c.email}`}
        >
          Remove
        </Button>
      ),
    });
  }

  return (
    <div className="space-y-5">
      <div className="grid gap-4 md:grid-cols-3">
        <Stat
          label="Members now"
          value={data ? formatNumber(data.total) : <Skeleton className="h-8 w-16" />}
          hint={isStatic ? 'Added by email' : 'Counted live from the filter'}
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
        {isStatic ? (
          <div className={BOX}>
            <div className={BOX_TITLE}>Membership</div>
            <p className="mt-1 text-sm text-slate-700">
              A fixed list: people join when you add them here and leave when you remove them.
            </p>
          </div>
        ) : (
          <FilterBox segment={segment} />
        )}
      </div>
      {isStatic && <AddMembers segment={segment} />}
      {removing.notice}
      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="sr-only">
          Members
        </h2>
        <ListStates
          query={members}
          loadingLabel="Loading members"
          loadingRows={6}
          isEmpty={(found) => found.total === 0}
          empty={
            <EmptyState
              title="No members yet"
              description={
                isStatic
                  ? 'Add people by email above.'
                  : 'No contact matches the filter right now. Members appear here as contacts come to match it.'
              }
            />
          }
          paging={(found) => {
            const from = (found.page - 1) * found.pageSize + 1;
            return {
              label: `${formatNumber(from)}–${formatNumber(from + found.data.length - 1)} of ${formatNumber(found.total)}`,
              onPrev: found.page > 1 ? () => setPageParam(String(found.page - 1)) : undefined,
              onNext: found.page < found.totalPages ? () => setPageParam(String(found.page + 1)) : undefined,
            };
          }}
        >
          {(found) => (
            <Table<SegmentMember>
              caption={`Members of ${segment.name}`}
              rowKey={(c) => c.id}
              rows={found.data}
              columns={columns}
            />
          )}
        </ListStates>
      </section>
      <p className="sr-only" aria-live="polite">
        {data ? `Page ${data.page} of ${Math.max(1, data.totalPages)}, ${MEMBERS_PAGE_SIZE} per page` : ''}
      </p>
    </div>
  );
}

/** What selects a dynamic segment's members, read out loud. */
function FilterBox({ segment }: { segment: Segment }) {
  const { options } = useFieldOptions(segment.id);
  const tree = useMemo(() => fromApi(segment.filters ?? segment.condition), [segment.filters, segment.condition]);
  return (
    <div className={BOX}>
      <div className={BOX_TITLE}>
        {tree.children.length === 0 ? 'Filter' : `Matches ${tree.logic === 'AND' ? 'all' : 'any'} of`}
      </div>
      <div className="mt-1">
        <FilterSummary tree={tree} options={options} />
      </div>
    </div>
  );
}

/**
 * Removing one member of a static segment, at once, with an undo: the notice of the last removal
 * offers to add the address back.
 */
function useRemoval(segment: Segment) {
  const scope = useProject();
  const [removed, setRemoved] = useState<string>();
  const remove = useAction(segmentMutations.removeMember(scope, segment.id), {
    onSuccess: (_r, email) => setRemoved(email),
  });
  const undo = useAction(segmentMutations.addMembers(scope, segment.id), {
    onSuccess: (_r, { emails }) => {
      setRemoved(undefined);
      toast(`${emails.join(', ')} is back in the segment`);
    },
  });
  const notice = removed && (
    <Callout role="status" icon={false}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-auto">{removed} removed from the segment.</span>
        <Button
          size="sm"
          variant="secondary"
          icon={<Undo2 className="size-3.5" aria-hidden />}
          loading={undo.isPending}
          onClick={() => undo.mutate({ emails: [removed] })}
        >
          Undo
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label="Dismiss"
          onClick={() => setRemoved(undefined)}
          icon={<X className="size-4" aria-hidden />}
        />
      </div>
    </Callout>
  );
  return { remove, notice };
}
