/** A campaign's status badge (the list, the campaign's header) and the header of both campaign screens. */
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/Layout.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import type { Campaign } from '../../queries/campaigns.ts';
import { CAMPAIGN_STATUS, type CampaignStatus } from './campaign-model.ts';

/** The status as a coloured badge; a dot pulses beside it while it sends. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      {status === 'SENDING' && (
        // A live mark, not a loading placeholder (the accessibility sweep tells them apart by it).
        <span data-live className="size-1.5 animate-pulse rounded-full bg-amber-500" aria-hidden />
      )}
      <StatusBadge looks={CAMPAIGN_STATUS} status={status} />
    </span>
  );
}

/** The campaign's name, its status with `note` beside it, and `actions` (the back link is DetailScreen's). */
export function CampaignHeader({
  campaign,
  note,
  actions,
}: {
  campaign: Campaign;
  note: ReactNode;
  actions: ReactNode;
}) {
  return (
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
  );
}
