/** The segments of the project with their member counts. */
import { useQuery } from '@tanstack/react-query';
import { Filter, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '../../components/Button.tsx';
import { Badge } from '../../components/Layout.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type Segment, segmentQueries } from '../../queries/segments.ts';
import { SegmentKind } from './SegmentKind.tsx';

export function SegmentsPage() {
  const { t } = useTranslation();
  const scope = useProject();
  const { to } = scope;
  const segments = useQuery(segmentQueries.list(scope));
  const newButton = (
    <LinkButton to={to('segments', 'new')} icon={<Plus className="size-4" aria-hidden />}>
      {t('New segment')}
    </LinkButton>
  );
  return (
    <ListScreen
      title={t('Segments')}
      description={t('Groups of contacts to send campaigns to and start workflows from.')}
      actions={segments.data && segments.data.length > 0 ? newButton : undefined}
      query={segments}
      loadingLabel={t('Loading segments')}
      loadingRows={4}
      empty={
        <EmptyState
          icon={<Filter className="size-8" aria-hidden />}
          title={t('No segments yet')}
          description={t(
            'A segment selects contacts by their fields, events and email activity, or holds a list you manage by hand.',
          )}
          action={newButton}
        />
      }
    >
      {(rows) => (
        <Table<Segment>
          caption={t('Segments')}
          rowKey={(s) => s.id}
          rows={rows}
          columns={[
            {
              key: 'name',
              header: t('Name'),
              cell: (s) => (
                <div className="min-w-0">
                  <Link
                    to={to('segments', s.id)}
                    className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {s.name}
                  </Link>
                  {s.description && <p className="truncate text-xs text-slate-500">{s.description}</p>}
                </div>
              ),
            },
            {
              key: 'type',
              header: t('Kind'),
              cell: (s) => <SegmentKind type={s.type} />,
            },
            {
              key: 'members',
              header: t('Members'),
              className: 'text-right tabular-nums',
              cell: (s) => formatNumber(s.memberCount),
            },
            {
              key: 'tracked',
              header: t('Tracking'),
              cell: (s) =>
                s.trackMembership ? (
                  <Badge tone="green">{t('Entry and exit')}</Badge>
                ) : (
                  <span className="text-slate-500">—</span>
                ),
            },
            {
              key: 'updated',
              header: t('Updated'),
              cell: (s) => <RelativeTime iso={s.updatedAt} />,
            },
          ]}
        />
      )}
    </ListScreen>
  );
}
