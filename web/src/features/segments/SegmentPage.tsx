/** One segment: its members (the default tab) and its settings, with the actions on it in the header. */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { Badge, PageHeader, Tabs } from '../../components/Layout.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { useSearchParamState } from '../../lib/url-state.ts';
import { type Segment, segmentQueries } from '../../queries/segments.ts';
import { SegmentActions } from './SegmentActions.tsx';
import { SegmentKind } from './SegmentKind.tsx';
import { SegmentMembers } from './SegmentMembers.tsx';
import { SegmentSettings } from './SegmentSettings.tsx';

type Tab = 'members' | 'edit';
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'members', label: 'Members' },
  { id: 'edit', label: 'Settings' },
];

export function SegmentPage() {
  const { segmentId = '' } = useParams();
  const scope = useProject();
  const segment = useQuery(segmentQueries.one(scope, segmentId));
  return (
    <DetailScreen query={segment} back={{ to: scope.to('segments'), label: 'Segments' }} noun="segment">
      {(s) => <SegmentView segment={s} />}
    </DetailScreen>
  );
}

function SegmentView({ segment: s }: { segment: Segment }) {
  const [tabParam, setTabParam] = useSearchParamState('tab', 'members');
  const tab: Tab = tabParam === 'edit' ? 'edit' : 'members';
  return (
    <>
      <PageHeader
        title={s.name}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <SegmentKind type={s.type} />
            {s.trackMembership && <Badge tone="green">Tracks entry and exit</Badge>}
            {s.description && <span>{s.description}</span>}
          </span>
        }
        actions={<SegmentActions segment={s} />}
      />
      <Tabs<Tab> label="Segment" value={tab} onChange={setTabParam} tabs={TABS} />
      <div role="tabpanel" aria-label={TABS.find((t) => t.id === tab)?.label}>
        {tab === 'members' ? (
          <SegmentMembers segment={s} />
        ) : (
          <SegmentSettings segment={s} onDone={() => setTabParam(undefined)} />
        )}
      </div>
    </>
  );
}
