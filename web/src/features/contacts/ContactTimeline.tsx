/** What happened to a contact: the activity feed (emails, workflows, subscription) and its events. */
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  AlertTriangle,
  Ban,
  BellOff,
  BellRing,
  CheckCircle2,
  Inbox,
  type LucideIcon,
  Mail,
  MailOpen,
  MousePointerClick,
  Send,
  Workflow,
  Zap,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Tabs } from '../../components/Layout.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { cx } from '../../lib/cx.ts';
import { formatDateTime, formatNumber, formatRelative } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type ActivityItem, activityQueries } from '../../queries/activity.ts';
import { type ContactEvent, contactQueries } from '../../queries/contacts.ts';

const FILTERS = {
  all: { label: 'All activity', types: undefined },
  emails: {
    label: 'Emails',
    types:
      'email.sent,email.delivered,email.opened,email.clicked,email.bounced,email.complaint,email.received,email.suppressed',
  },
  workflows: { label: 'Workflows', types: 'workflow.started,workflow.completed' },
  subscription: { label: 'Subscription', types: 'contact.subscribed,contact.unsubscribed' },
} as const;
type Filter = keyof typeof FILTERS;

/** Items per page of either history list. */
const HISTORY_PAGE = 20;

type Tab = 'activity' | 'events';
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'activity', label: 'Activity' },
  { id: 'events', label: 'Events' },
];

export function ContactTimeline({ contactId }: { contactId: string }) {
  const [tab, setTab] = useState<Tab>('activity');
  return (
    <section aria-labelledby="timeline-heading" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <header className="px-4 pt-3">
        <h2 id="timeline-heading" className="sr-only">
          History
        </h2>
        <Tabs label="History" value={tab} onChange={setTab} tabs={TABS} />
      </header>
      <div role="tabpanel" aria-label={tab === 'activity' ? 'Activity' : 'Events'} className="px-4 pb-4">
        {tab === 'activity' ? <ActivityList contactId={contactId} /> : <EventList contactId={contactId} />}
      </div>
    </section>
  );
}

function ActivityList({ contactId }: { contactId: string }) {
  const [filter, setFilter] = useState<Filter>('all');
  const query = useInfiniteQuery(
    activityQueries.feed(useProject(), { contactId, type: FILTERS[filter].types, limit: HISTORY_PAGE }),
  );
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages[0]?.total;
  return (
    <>
      <div className="mb-3 flex items-center justify-between gap-3">
        <p className="text-sm text-slate-500">
          {total === undefined
            ? ' '
            : `${formatNumber(total)}${total >= 10_000 ? '+' : ''} ${total === 1 ? 'item' : 'items'}`}
        </p>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          Show
          <select
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            {(Object.keys(FILTERS) as Filter[]).map((f) => (
              <option key={f} value={f}>
                {FILTERS[f].label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isPending ? (
        <TimelineSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} retry={() => query.refetch()} />
      ) : items.length === 0 ? (
        <Quiet>
          {filter === 'all'
            ? 'Nothing has happened yet. Emails, workflow runs and subscription changes will show here.'
            : `No ${FILTERS[filter].label.toLowerCase()} activity yet.`}
        </Quiet>
      ) : (
        <ol className="relative space-y-0">
          {items.map((item) => (
            <ActivityRow key={item.id} item={item} />
          ))}
        </ol>
      )}
      <MoreButton query={query} />
    </>
  );
}

const ITEM_LOOK: Record<ActivityItem['type'], { icon: LucideIcon; label: string; tone: string }> = {
  'event.triggered': { icon: Zap, label: 'Event', tone: 'bg-amber-50 text-amber-700' },
  'email.sent': { icon: Send, label: 'Email sent', tone: 'bg-sky-50 text-sky-700' },
  'email.delivered': { icon: Mail, label: 'Delivered', tone: 'bg-sky-50 text-sky-700' },
  'email.opened': { icon: MailOpen, label: 'Opened', tone: 'bg-emerald-50 text-emerald-700' },
  'email.clicked': { icon: MousePointerClick, label: 'Clicked a link', tone: 'bg-emerald-50 text-emerald-700' },
  'email.bounced': { icon: AlertTriangle, label: 'Bounced', tone: 'bg-red-50 text-red-700' },
  'email.complaint': { icon: Ban, label: 'Marked as spam', tone: 'bg-red-50 text-red-700' },
  'email.received': { icon: Inbox, label: 'Email received', tone: 'bg-sky-50 text-sky-700' },
  'email.suppressed': { icon: Ban, label: 'Not sent (suppressed)', tone: 'bg-slate-100 text-slate-600' },
  'contact.subscribed': { icon: BellRing, label: 'Subscribed', tone: 'bg-emerald-50 text-emerald-700' },
  'contact.unsubscribed': { icon: BellOff, label: 'Unsubscribed', tone: 'bg-slate-100 text-slate-600' },
  'campaign.sent': { icon: Send, label: 'Campaign sent', tone: 'bg-brand-50 text-brand-700' },
  'campaign.scheduled': { icon: Send, label: 'Campaign scheduled', tone: 'bg-brand-50 text-brand-700' },
  'workflow.started': { icon: Workflow, label: 'Entered a workflow', tone: 'bg-brand-50 text-brand-700' },
  'workflow.completed': { icon: CheckCircle2, label: 'Finished a workflow', tone: 'bg-brand-50 text-brand-700' },
};

function ActivityRow({ item }: { item: ActivityItem }) {
  const { to } = useProject();
  const look = ITEM_LOOK[item.type] ?? ITEM_LOOK['event.triggered'];
  const Icon = look.icon;
  const title = item.type === 'event.triggered' && item.event ? `Event “${item.event.name}”` : look.label;
  const url = typeof item.data.url === 'string' ? item.data.url : undefined;
  const reason = typeof item.data.reason === 'string' ? item.data.reason : undefined;
  return (
    <li className="flex gap-3 border-b border-slate-100 py-2.5 last:border-0">
      <span className={cx('mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full', look.tone)}>
        <Icon className="size-3.5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-3">
          <p className="text-sm font-medium text-slate-900">{title}</p>
          <time
            className="shrink-0 text-xs text-slate-500"
            dateTime={item.createdAt}
            title={formatDateTime(item.createdAt)}
          >
            {formatRelative(item.createdAt)}
          </time>
        </div>
        <p className="mt-0.5 space-x-1 truncate text-xs text-slate-500">
          {item.email && <span className="text-slate-700">“{item.email.subject}”</span>}
          {item.campaign && (
            <span>
              in campaign{' '}
              <Link className="text-brand-700 hover:underline" to={to('campaigns', item.campaign.id)}>
                {item.campaign.name}
              </Link>
            </span>
          )}
          {item.workflow && (
            <span>
              {item.email ? 'from workflow ' : ''}
              <Link className="text-brand-700 hover:underline" to={to('workflows', item.workflow.id)}>
                {item.workflow.name}
              </Link>
            </span>
          )}
          {url && <span className="text-slate-600">{url}</span>}
          {reason && <span className="text-slate-600">{reason}</span>}
        </p>
      </div>
    </li>
  );
}

function EventList({ contactId }: { contactId: string }) {
  const query = useInfiniteQuery(contactQueries.events(useProject(), contactId, HISTORY_PAGE));
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages[0]?.total;
  return (
    <>
      <p className="mb-3 text-sm text-slate-500">
        {total === undefined ? ' ' : `${formatNumber(total)} ${total === 1 ? 'event' : 'events'}`}
      </p>
      {query.isPending ? (
        <TimelineSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} retry={() => query.refetch()} />
      ) : items.length === 0 ? (
        <Quiet>No events yet. Events tracked for this contact (POST /v1/track) appear here.</Quiet>
      ) : (
        <ol>
          {items.map((event) => (
            <EventRow key={event.id} event={event} />
          ))}
        </ol>
      )}
      <MoreButton query={query} />
    </>
  );
}

function EventRow({ event }: { event: ContactEvent }) {
  const keys = Object.keys(event.data);
  return (
    <li className="flex gap-3 border-b border-slate-100 py-2.5 last:border-0">
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <Zap className="size-3.5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-3">
          <p className="truncate font-mono text-sm font-medium text-slate-900">{event.name}</p>
          <time
            className="shrink-0 text-xs text-slate-500"
            dateTime={event.createdAt}
            title={formatDateTime(event.createdAt)}
          >
            {formatRelative(event.createdAt)}
          </time>
        </div>
        {keys.length > 0 && (
          <details className="mt-1 text-xs">
            <summary className="cursor-pointer text-slate-500 hover:text-slate-800">
              {keys.length === 1 ? '1 property' : `${keys.length} properties`}
            </summary>
            <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 font-mono text-[11px] text-slate-700">
              {JSON.stringify(event.data, null, 2)}
            </pre>
          </details>
        )}
      </div>
    </li>
  );
}

function MoreButton({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-3 flex justify-center">
      <Button variant="secondary" size="sm" loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
        Show more
      </Button>
    </div>
  );
}

function Quiet({ children }: { children: ReactNode }) {
  return <p className="rounded-md bg-slate-50 px-4 py-8 text-center text-sm text-slate-500">{children}</p>;
}

function TimelineSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-3">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-7 rounded-full" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-3/4" />
          </div>
        </div>
      ))}
    </div>
  );
}
