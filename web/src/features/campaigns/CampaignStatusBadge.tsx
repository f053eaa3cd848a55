/** A campaign's status as a coloured badge (the list and the campaign's header); a dot pulses while it sends. */
import { Badge } from '../../components/Layout.tsx';
import { type CampaignStatus, statusInfo } from './campaign-model.ts';

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const info = statusInfo(status);
  return (
    <Badge tone={info.tone}>
      {status === 'SENDING' && <span className="mr-1.5 size-1.5 animate-pulse rounded-full bg-amber-500" aria-hidden />}
      {info.label}
    </Badge>
  );
}
