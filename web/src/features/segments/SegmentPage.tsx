/** One segment: its members (the default tab) and its settings, with the actions on it in the header. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { Badge, PageHeader, Tabs } from '../../components/Layout.tsx';
import { msg } from '../../i18n/msg.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useSearchParamState } from '../../lib/url-state.ts';
import { type Segment, segmentQueries } from '../../queries/segments.ts';
import { SegmentActions } from './SegmentActions.tsx';
import { SegmentKind } from './SegmentKind.tsx';
import { SegmentMembers } from './SegmentMembers.tsx';
import { SegmentSettings } from './SegmentSettings.tsx';

type Tab = 'members' | 'edit';
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'members', label: msg('Members') },
  { id: 'edit', label: msg('Settings') },
];

export function SegmentPage() {
  const { t } = useTranslation();
  const { segmentId = '' } = useParams();
  const scope = useProject();
  const segment = useQuery(segmentQueries.one(scope, segmentId));
  return (
    <DetailScreen query={segment} back={{ to: scope.to('segments'), label: t('Segments') }} kind="segment">
      {(s) => <SegmentView segment={s} />}
    </DetailScreen>
  );
}

function SegmentView({ segment: s }: { segment: Segment }) {
  const { t } = useTranslation();
  const [tabParam, setTabParam] = useSearchParamState('tab', 'members');
  const tab: Tab = tabParam === 'edit' ? 'edit' : 'members';
  return (
    <>
      <PageHeader
        title={s.name}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <SegmentKind type={s.type} />
            {s.trackMembership && <Badge tone="green">{t('Tracks entry and exit')}</Badge>}
            {s.description && <span>{s.description}</span>}
          </span>
        }
        actions={<SegmentActions segment={s} />}
      />
      <Tabs<Tab>
        label={t('Segment')}
        value={tab}
        onChange={setTabParam}
        tabs={TABS.map((x) => ({ ...x, label: t(x.label) }))}
      />
      <div role="tabpanel" aria-label={tab === 'members' ? t('Members') : t('Settings')}>
        {tab === 'members' ? (
          <SegmentMembers segment={s} />
        ) : (
          <SegmentSettings segment={s} onDone={() => setTabParam(undefined)} />
        )}
      </div>
    </>
  );
}
