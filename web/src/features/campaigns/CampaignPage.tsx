/**
 * One campaign. A draft is edited here and sent from here (test, schedule, send now); once it has
 * been scheduled or sent the screen shows where it stands: the time it goes out, the send's
 * progress, and its results.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { BackLink } from '../../components/Links.tsx';
import { ErrorState, LoadingRows, Skeleton } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { campaignQueries } from '../../queries/campaigns.ts';
import { CampaignDraftScreen } from './CampaignDraftScreen.tsx';
import { CampaignStatusScreen } from './CampaignStatusScreen.tsx';
import { campaignPollInterval } from './campaign-model.ts';

export function CampaignPage() {
  const { campaignId = '' } = useParams();
  const project = useProject();
  const campaign = useQuery({
    ...campaignQueries.one(project, campaignId),
    // Followed while it sends, and around its start time while scheduled.
    refetchInterval: (q) => campaignPollInterval(q.state.data, Date.now()),
  });
  // A failed refetch (the campaign just deleted here) keeps the screen while it moves on.
  const c = campaign.data;
  if (c) {
    // A draft's form keeps its own state while it is edited; it starts over for another campaign.
    return c.status === 'DRAFT' ? (
      <CampaignDraftScreen key={c.id} campaign={c} />
    ) : (
      <CampaignStatusScreen campaign={c} />
    );
  }
  return (
    <>
      <BackLink to={project.to('campaigns')}>Campaigns</BackLink>
      {campaign.isError ? (
        <ErrorState error={campaign.error} retry={() => campaign.refetch()} />
      ) : (
        <>
          <Skeleton className="mb-2 h-7 w-72" />
          <Skeleton className="mb-6 h-4 w-96" />
          <LoadingRows rows={8} label="Loading campaign" />
        </>
      )}
    </>
  );
}
