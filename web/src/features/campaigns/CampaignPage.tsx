/**
 * One campaign. A draft is edited here and sent from here (test, schedule, send now); once it has
 * been scheduled or sent the screen shows where it stands: the time it goes out, the send's
 * progress, and its results.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { campaignQueries } from '../../queries/campaigns.ts';
import { CampaignDraftScreen } from './CampaignDraftScreen.tsx';
import { CampaignStatusScreen } from './CampaignStatusScreen.tsx';
import { campaignPollInterval } from './campaign-model.ts';

export function CampaignPage() {
  const { t } = useTranslation();
  const { campaignId = '' } = useParams();
  const scope = useProject();
  const campaign = useQuery({
    ...campaignQueries.one(scope, campaignId),
    // Followed while it sends, and around its start time while scheduled.
    refetchInterval: (q) => campaignPollInterval(q.state.data, Date.now()),
  });
  return (
    <DetailScreen query={campaign} back={{ to: scope.to('campaigns'), label: t('Campaigns') }} kind="campaign">
      {/* A draft's form keeps its own state while it is edited; it starts over for another campaign. */}
      {(c) =>
        c.status === 'DRAFT' ? <CampaignDraftScreen key={c.id} campaign={c} /> : <CampaignStatusScreen campaign={c} />
      }
    </DetailScreen>
  );
}
