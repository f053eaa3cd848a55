/** A campaign's status badge (the list, the campaign's header) and the header of both campaign screens. */
import type { ReactNode } from 'react';
import { Badge, PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { useProject } from '../../lib/project-context.tsx';
import type { Campaign } from '../../queries/campaigns.ts';
import { type CampaignStatus, statusInfo } from './campaign-model.ts';

/** The status as a coloured badge; a dot pulses while it sends. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const info = statusInfo(status);
  return (
    <Badge tone={info.tone}>
      {status === 'SENDING' && <span className="mr-1.5 size-1.5 animate-pulse rounded-full bg-amber-500" aria-hidden />}
      {info.label}
    </Badge>
  );
}

/** The way back to the list, the campaign's name, its status with `note` beside it, and `actions`. */
export function CampaignHeader({
  campaign,
  note,
  actions,
}: {
  campaign: Campaign;
  note: ReactNode;
  actions: ReactNode;
}) {
  const { to } = useProject();
  return (
    <>
      <BackLink to={to('campaigns')}>Campaigns</BackLink>
      <PageHeader
        title={campaign.name}
        description={
          <span className="inline-flex min-w-0 items-center gap-2">
            <CampaignStatusBadge status={campaign.status} />
            <span className="truncate">{note}</span>
          </span>
        }
        actions={actions}
      />
    </>
  );
}
