/**
 * A segment's members tab: how many there are (live and stored), what selects them, and the members
 * by page. A static segment's members are added by email and removed one by one, with an undo.
 */
import { useQuery } from '@tanstack/react-query';
import { Undo2, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const scope = useProject();
  const [pageParam, setPageParam] = useSearchParamState('page', '1');
  const page = Math.max(1, Number(pageParam) || 1);
  const members = useQuery(segmentQueries.members(scope, segment.id, page));
  const removing = useRemoval(segment);
  const isStatic = segment.type === 'STATIC';
  const data = members.data;
  const columns: Column<SegmentMember>[] = [
    { key: 'email', header: t('Email'), cell: (c) => <ContactLink id={c.id} email={c.email} /> },
    {
      key: 'subscribed',
      header: t('Status'),
      cell: (c) =>
        c.subscribed ? <Badge tone="green">{t('Subscribed')}</Badge> : <Badge tone="gray">{t('Unsubscribed')}</Badge>,
    },
    { key: 'created', header: t('Contact since'), cell: (c) => formatDateTime(c.createdAt) },
  ];
  if (isStatic) {
    columns.push({
      key: 'remove',
      header: <span className="sr-only">{t('Actions')}</span>,
      className: 'text-right',
      cell: (c) => (
        <Button
          size="sm"
          variant="ghost"
          loading={removing.remove.isPending && removing.remove.variables === c.email}
          onClick={() => removing.remove.mutate(c.email)}
          aria-label={t('Remove {email}', { email: c.email })}
        >
          {t('Remove')}
        </Button>
      ),
    });
  }

  return (
    <div className="space-y-5">
      <div className="grid gap-4 md:grid-cols-3">
        <Stat
          label={t('Members now')}
          value={data ? formatNumber(data.total) : <Skeleton className="h-8 w-16" />}
          hint={isStatic ? t('Added by email') : t('Counted live from the filter')}
        />
        <Stat
          label={t('Stored count')}
          value={formatNumber(segment.memberCount)}
          hint={<Trans i18nKey="Updated <time/>" components={{ time: <RelativeTime iso={segment.updatedAt} /> }} />}
        />
        {isStatic ? (
          <div className={BOX}>
            <div className={BOX_TITLE}>{t('Membership')}</div>
            <p className="mt-1 text-sm text-slate-700">
              {t('A fixed list: people join when you add them here and leave when you remove them.')}
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
          {t('Members')}
        </h2>
        <ListStates
          query={members}
          loadingLabel={t('Loading members')}
          loadingRows={6}
          isEmpty={(found) => found.total === 0}
          empty={
            <EmptyState
              title={t('No members yet')}
              description={
                isStatic
                  ? t('Add people by email above.')
                  : t('No contact matches the filter right now. Members appear here as contacts come to match it.')
              }
            />
          }
          paging={(found) => {
            const from = (found.page - 1) * found.pageSize + 1;
            return {
              label: t('{from}–{to} of {total}', {
                from: formatNumber(from),
                to: formatNumber(from + found.data.length - 1),
                total: formatNumber(found.total),
              }),
              onPrev: found.page > 1 ? () => setPageParam(String(found.page - 1)) : undefined,
              onNext: found.page < found.totalPages ? () => setPageParam(String(found.page + 1)) : undefined,
            };
          }}
        >
          {(found) => (
            <Table<SegmentMember>
              caption={t('Members of {name}', { name: segment.name })}
              rowKey={(c) => c.id}
              rows={found.data}
              columns={columns}
            />
          )}
        </ListStates>
      </section>
      <p className="sr-only" aria-live="polite">
        {data
          ? t('Page {page} of {pages}, {size} per page', {
              page: data.page,
              pages: Math.max(1, data.totalPages),
              size: MEMBERS_PAGE_SIZE,
            })
          : ''}
      </p>
    </div>
  );
}

/** What selects a dynamic segment's members, read out loud. */
function FilterBox({ segment }: { segment: Segment }) {
  const { t } = useTranslation();
  const { options } = useFieldOptions(segment.id);
  const tree = useMemo(() => fromApi(segment.filters ?? segment.condition), [segment.filters, segment.condition]);
  return (
    <div className={BOX}>
      <div className={BOX_TITLE}>
        {tree.children.length === 0 ? t('Filter') : tree.logic === 'AND' ? t('Matches all of') : t('Matches any of')}
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
  const { t } = useTranslation();
  const scope = useProject();
  const [removed, setRemoved] = useState<string>();
  const remove = useAction(segmentMutations.removeMember(scope, segment.id), {
    onSuccess: (_r, email) => setRemoved(email),
  });
  const undo = useAction(segmentMutations.addMembers(scope, segment.id), {
    onSuccess: (_r, { emails }) => {
      setRemoved(undefined);
      toast(t('{emails} is back in the segment', { emails: emails.join(', ') }));
    },
  });
  const notice = removed && (
    <Callout role="status" icon={false}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-auto">{t('{email} removed from the segment.', { email: removed })}</span>
        <Button
          size="sm"
          variant="secondary"
          icon={<Undo2 className="size-3.5" aria-hidden />}
          loading={undo.isPending}
          onClick={() => undo.mutate({ emails: [removed] })}
        >
          {t('Undo')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('Dismiss')}
          onClick={() => setRemoved(undefined)}
          icon={<X className="size-4" aria-hidden />}
        />
      </div>
    </Callout>
  );
  return { remove, notice };
}
