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
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Tabs } from '../../components/Layout.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { msg } from '../../i18n/msg.ts';
import { cx } from '../../lib/cx.ts';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type ActivityItem, activityQueries } from '../../queries/activity.ts';
import { type ContactEvent, contactQueries } from '../../queries/contacts.ts';

// Labels and empty texts are English messages, translated where shown.
const FILTERS = {
  all: {
    label: msg('All activity'),
    empty: msg('Nothing has happened yet. Emails, workflow runs and subscription changes will show here.'),
    types: undefined,
  },
  emails: {
    label: msg('Emails'),
    empty: msg('No emails activity yet.'),
    types:
      'email.sent,email.delivered,email.opened,email.clicked,email.bounced,email.complaint,email.received,email.suppressed',
  },
  workflows: {
    label: msg('Workflows'),
    empty: msg('No workflows activity yet.'),
    types: 'workflow.started,workflow.completed',
  },
  subscription: {
    label: msg('Subscription', 'email'),
    empty: msg('No subscription activity yet.'),
    types: 'contact.subscribed,contact.unsubscribed',
  },
} as const;
type Filter = keyof typeof FILTERS;

/** Items per page of either history list. */
const HISTORY_PAGE = 20;

type Tab = 'activity' | 'events';
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'activity', label: msg('Activity') },
  { id: 'events', label: msg('Events') },
];

export function ContactTimeline({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('activity');
  return (
    <section aria-labelledby="timeline-heading" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <header className="px-4 pt-3">
        <h2 id="timeline-heading" className="sr-only">
          {t('History')}
        </h2>
        <Tabs
          label={t('History')}
          value={tab}
          onChange={setTab}
          tabs={TABS.map((x) => ({ ...x, label: t(x.label) }))}
        />
      </header>
      <div role="tabpanel" aria-label={tab === 'activity' ? t('Activity') : t('Events')} className="px-4 pb-4">
        {tab === 'activity' ? <ActivityList contactId={contactId} /> : <EventList contactId={contactId} />}
      </div>
    </section>
  );
}

function ActivityList({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
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
            : total >= 10_000
              ? t('{count, plural, other {#+ items}}', { count: total })
              : t('{count, plural, one {# item} other {# items}}', { count: total })}
        </p>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          {t('Show')}
          <select
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            {(Object.keys(FILTERS) as Filter[]).map((f) => (
              <option key={f} value={f}>
                {t(FILTERS[f].label)}
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
        <Quiet>{t(FILTERS[filter].empty)}</Quiet>
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
  'event.triggered': { icon: Zap, label: msg('Event'), tone: 'bg-amber-50 text-amber-700' },
  'email.sent': { icon: Send, label: msg('Email sent'), tone: 'bg-sky-50 text-sky-700' },
  'email.delivered': { icon: Mail, label: msg('Delivered'), tone: 'bg-sky-50 text-sky-700' },
  'email.opened': { icon: MailOpen, label: msg('Opened'), tone: 'bg-emerald-50 text-emerald-700' },
  'email.clicked': { icon: MousePointerClick, label: msg('Clicked a link'), tone: 'bg-emerald-50 text-emerald-700' },
  'email.bounced': { icon: AlertTriangle, label: msg('Bounced'), tone: 'bg-red-50 text-red-700' },
  'email.complaint': { icon: Ban, label: msg('Marked as spam'), tone: 'bg-red-50 text-red-700' },
  'email.received': { icon: Inbox, label: msg('Email received'), tone: 'bg-sky-50 text-sky-700' },
  'email.suppressed': { icon: Ban, label: msg('Not sent (suppressed)'), tone: 'bg-slate-100 text-slate-600' },
  'contact.subscribed': { icon: BellRing, label: msg('Subscribed'), tone: 'bg-emerald-50 text-emerald-700' },
  'contact.unsubscribed': { icon: BellOff, label: msg('Unsubscribed'), tone: 'bg-slate-100 text-slate-600' },
  'campaign.sent': { icon: Send, label: msg('Campaign sent'), tone: 'bg-brand-50 text-brand-700' },
  'campaign.scheduled': { icon: Send, label: msg('Campaign scheduled'), tone: 'bg-brand-50 text-brand-700' },
  'workflow.started': { icon: Workflow, label: msg('Entered a workflow'), tone: 'bg-brand-50 text-brand-700' },
  'workflow.completed': { icon: CheckCircle2, label: msg('Finished a workflow'), tone: 'bg-brand-50 text-brand-700' },
};

/** A campaign or workflow named in a row, linking to it (its name is data, never part of a message). */
function NameLink({ to, name }: { to: string; name: string }) {
  return (
    <Link className="text-brand-700 hover:underline" to={to}>
      {name}
    </Link>
  );
}

function ActivityRow({ item }: { item: ActivityItem }) {
  const { t } = useTranslation();
  const { to } = useProject();
  const look = ITEM_LOOK[item.type] ?? ITEM_LOOK['event.triggered'];
  const Icon = look.icon;
  const title =
    item.type === 'event.triggered' && item.event ? t('Event “{name}”', { name: item.event.name }) : t(look.label);
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
              <Trans
                i18nKey="in campaign <link/>"
                components={{ link: <NameLink to={to('campaigns', item.campaign.id)} name={item.campaign.name} /> }}
              />
            </span>
          )}
          {item.workflow && (
            <span>
              {item.email ? (
                <Trans
                  i18nKey="from workflow <link/>"
                  components={{ link: <NameLink to={to('workflows', item.workflow.id)} name={item.workflow.name} /> }}
                />
              ) : (
                <NameLink to={to('workflows', item.workflow.id)} name={item.workflow.name} />
              )}
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
  const { t } = useTranslation();
  const query = useInfiniteQuery(contactQueries.events(useProject(), contactId, HISTORY_PAGE));
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages[0]?.total;
  return (
    <>
      <p className="mb-3 text-sm text-slate-500">
        {total === undefined ? ' ' : t('{count, plural, one {# event} other {# events}}', { count: total })}
      </p>
      {query.isPending ? (
        <TimelineSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} retry={() => query.refetch()} />
      ) : items.length === 0 ? (
        <Quiet>{t('No events yet. Events tracked for this contact (POST /v1/track) appear here.')}</Quiet>
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
  const { t } = useTranslation();
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
              {t('{count, plural, one {# property} other {# properties}}', { count: keys.length })}
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
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-3 flex justify-center">
      <Button variant="secondary" size="sm" loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
        {t('Show more')}
      </Button>
    </div>
  );
}

function Quiet({ children }: { children: ReactNode }) {
  return <p className="rounded-md bg-slate-50 px-4 py-8 text-center text-sm text-slate-500">{children}</p>;
}

function TimelineSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('Loading')} className="space-y-3">
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
