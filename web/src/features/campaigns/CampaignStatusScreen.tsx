/** A campaign past its draft: scheduled, sending, sent or cancelled, with its results once it went out. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Copy, Mail, Send, XCircle } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Button, LinkButton } from '../../components/Button.tsx';
import { Card } from '../../components/Layout.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { formatDateTime, formatNumber, formatRelative, plural } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type Campaign, campaignQueries } from '../../queries/campaigns.ts';
import { CampaignDialogs, MoreActions } from './CampaignDialogs.tsx';
import { CampaignEmailCard } from './CampaignEmailCard.tsx';
import { CampaignHeader } from './CampaignHeader.tsx';
import { CampaignResults } from './CampaignStats.tsx';
import { allowed } from './campaign-model.ts';
import { useCampaignActions } from './use-campaign-actions.ts';

export function CampaignStatusScreen({ campaign }: { campaign: Campaign }) {
  const { projectId, to } = useProject();
  const queryClient = useQueryClient();
  const actions = useCampaignActions(campaign);
  const can = allowed(campaign.status);
  const sending = campaign.status === 'SENDING';

  // When the send ends, read the final figures once more.
  useEffect(() => {
    if (campaign.status !== 'SENDING') {
      void queryClient.invalidateQueries({ queryKey: campaignQueries.results(projectId, campaign.id) });
    }
  }, [campaign.status, campaign.id, projectId, queryClient]);

  return (
    <>
      <CampaignHeader
        campaign={campaign}
        note={campaign.subject}
        actions={
          <>
            <Button
              variant="secondary"
              icon={<Send className="size-4" aria-hidden />}
              onClick={() => actions.show('test')}
            >
              Send test
            </Button>
            {campaign.status !== 'SCHEDULED' && (
              <LinkButton
                variant="secondary"
                to={`${to('emails')}?${new URLSearchParams({ campaignId: campaign.id })}`}
                icon={<Mail className="size-4" aria-hidden />}
              >
                Email log
              </LinkButton>
            )}
            <Button
              variant="secondary"
              icon={<Copy className="size-4" aria-hidden />}
              loading={actions.duplicate.isPending}
              onClick={() => actions.duplicate.mutate()}
            >
              Duplicate
            </Button>
          </>
        }
      />
      <div className="space-y-5">
        {campaign.status === 'SCHEDULED' && (
          <ScheduledCard
            campaign={campaign}
            onReschedule={() => actions.show('schedule')}
            onSendNow={() => actions.show('send')}
            onCancel={() => actions.show('cancel')}
          />
        )}
        {sending && <SendingCard campaign={campaign} onCancel={() => actions.show('cancel')} />}
        {campaign.status === 'SENT' && (
          <Banner tone="green">
            Sent to {plural(campaign.totalRecipients, 'contact')}{' '}
            {campaign.sentAt ? `on ${formatDateTime(campaign.sentAt)}` : ''}.
          </Banner>
        )}
        {campaign.status === 'CANCELLED' && (
          <Banner tone="red">
            Cancelled {campaign.cancelledAt ? `on ${formatDateTime(campaign.cancelledAt)}` : ''} while sending: the rest
            of the audience did not get it.
          </Banner>
        )}
        {campaign.status !== 'SCHEDULED' && (
          <section aria-labelledby="results-heading" className="space-y-3">
            <h2 id="results-heading" className="text-base font-semibold text-slate-900">
              Results
            </h2>
            <CampaignResults id={campaign.id} live={sending} />
          </section>
        )}
        <CampaignEmailCard campaign={campaign} />
      </div>
      <MoreActions onDelete={can.remove ? () => actions.show('delete') : undefined} />
      <CampaignDialogs campaign={campaign} actions={actions} audience={campaign} />
    </>
  );
}

function Banner({ tone, children }: { tone: 'green' | 'red'; children: ReactNode }) {
  return (
    <div
      className={
        tone === 'green'
          ? 'rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900'
          : 'rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900'
      }
    >
      {children}
    </div>
  );
}

function ScheduledCard({
  campaign,
  onReschedule,
  onSendNow,
  onCancel,
}: {
  campaign: Campaign;
  onReschedule: () => void;
  onSendNow: () => void;
  onCancel: () => void;
}) {
  return (
    <Card>
      <div className="flex flex-wrap items-center gap-4">
        <CalendarClock className="size-8 text-sky-600" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="text-sm text-slate-500">Goes out</p>
          <p className="text-lg font-semibold text-slate-900" data-testid="scheduled-at">
            {formatDateTime(campaign.scheduledAt)}{' '}
            <span className="text-sm font-normal text-slate-500">({formatRelative(campaign.scheduledAt)})</span>
          </p>
          <p className="text-sm text-slate-500">
            To about {plural(campaign.totalRecipients, 'contact')}, counted again when it starts.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onReschedule}>
            Change time
          </Button>
          <Button variant="secondary" icon={<XCircle className="size-4" aria-hidden />} onClick={onCancel}>
            Cancel schedule
          </Button>
          <Button icon={<Send className="size-4" aria-hidden />} onClick={onSendNow}>
            Send now
          </Button>
        </div>
      </div>
    </Card>
  );
}

function SendingCard({ campaign, onCancel }: { campaign: Campaign; onCancel: () => void }) {
  const stats = useQuery({ ...campaignQueries.stats(useProject(), campaign.id), refetchInterval: 1500 });
  const sent = stats.data?.sentCount ?? 0;
  const total = campaign.totalRecipients;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-slate-900">Sending…</p>
          <p className="text-sm text-slate-500" data-testid="send-progress-text">
            {formatNumber(sent)} of {formatNumber(total)} sent
          </p>
        </div>
        <Button variant="secondary" icon={<XCircle className="size-4" aria-hidden />} onClick={onCancel}>
          Stop sending
        </Button>
      </div>
      <ProgressBar value={Math.min(sent, total)} max={total} label="Send progress" className="mt-3 h-2.5" />
    </Card>
  );
}
