/**
 * A campaign past its draft: scheduled, sending, sent or cancelled, with its results once it went out,
 * and whether the public archive shows it.
 */
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Mail, Send, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LinkButton } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { Card } from '../../components/Layout.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { msg } from '../../i18n/msg.ts';
import { formatDateTime, formatNumber, formatRelative } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type Campaign, campaignQueries, useResultsAfterSend } from '../../queries/campaigns.ts';
import { AbTestSection } from './AbTestSection.tsx';
import { ArchiveCard } from './ArchiveSetting.tsx';
import { type CampaignDialog, CampaignDialogs, DuplicateButton, MoreActions } from './CampaignDialogs.tsx';
import { CampaignEmailCard } from './CampaignEmailCard.tsx';
import { CampaignHeader } from './CampaignHeader.tsx';
import { CampaignResults } from './CampaignStats.tsx';
import { localSendText } from './local-send.ts';

export function CampaignStatusScreen({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const scope = useProject();
  const [open, setOpen] = useState<CampaignDialog | null>(null);
  const sending = campaign.status === 'SENDING';
  useResultsAfterSend(scope, campaign.id, sending);

  return (
    <>
      <CampaignHeader
        campaign={campaign}
        note={campaign.subject}
        actions={
          <>
            <Button variant="secondary" icon={<Send className="size-4" aria-hidden />} onClick={() => setOpen('test')}>
              {t('Send test')}
            </Button>
            {campaign.status !== 'SCHEDULED' && (
              <LinkButton
                variant="secondary"
                to={`${scope.to('emails')}?${new URLSearchParams({ campaignId: campaign.id })}`}
                icon={<Mail className="size-4" aria-hidden />}
              >
                {t('Email log')}
              </LinkButton>
            )}
            <DuplicateButton campaign={campaign} variant="secondary" />
          </>
        }
      />
      <div className="space-y-5">
        {campaign.status === 'SCHEDULED' && (
          <ScheduledCard
            campaign={campaign}
            onReschedule={() => setOpen('schedule')}
            onSendNow={() => setOpen('send')}
            onCancel={() => setOpen('cancel')}
          />
        )}
        {sending && <SendingCard campaign={campaign} onCancel={() => setOpen('cancel')} />}
        {campaign.status === 'SENT' && (
          <Callout tone="success" icon={false}>
            <p>
              {t(
                '{count, plural, one {Sent to # contact} other {Sent to # contacts}}{when, select, none {} other { on {when}}}{local, select, none {} other { ({local})}}.',
                {
                  count: campaign.totalRecipients,
                  when: campaign.sentAt ? formatDateTime(campaign.sentAt) : 'none',
                  local: campaign.localSend ? localSendText(campaign.localSend) : 'none',
                },
              )}
            </p>
          </Callout>
        )}
        {campaign.status === 'CANCELLED' && (
          <Callout tone="danger" icon={false}>
            <p>
              {campaign.cancelledAt
                ? t('Cancelled on {when} while sending: the rest of the audience did not get it.', {
                    when: formatDateTime(campaign.cancelledAt),
                  })
                : t('Cancelled while sending: the rest of the audience did not get it.')}
            </p>
          </Callout>
        )}
        {campaign.abTest && campaign.status !== 'SCHEDULED' && (
          <AbTestSection campaign={campaign} abTest={campaign.abTest} live={sending} />
        )}
        {campaign.status !== 'SCHEDULED' && (
          <section aria-labelledby="results-heading" className="space-y-3">
            <h2 id="results-heading" className="text-base font-semibold text-slate-900">
              {t('Results')}
            </h2>
            <CampaignResults id={campaign.id} live={sending} />
          </section>
        )}
        {campaign.status !== 'CANCELLED' && <ArchiveCard campaign={campaign} />}
        <CampaignEmailCard campaign={campaign} />
      </div>
      <MoreActions campaign={campaign} onDelete={() => setOpen('delete')} />
      <CampaignDialogs open={open} campaign={campaign} onClose={() => setOpen(null)} />
    </>
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
  const { t } = useTranslation();
  return (
    <Card>
      <div className="flex flex-wrap items-center gap-4">
        <CalendarClock className="size-8 text-sky-600" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="text-sm text-slate-500">{t('Goes out')}</p>
          <p className="text-lg font-semibold text-slate-900" data-testid="scheduled-at">
            {formatDateTime(campaign.scheduledAt)}{' '}
            <span className="text-sm font-normal text-slate-500">({formatRelative(campaign.scheduledAt)})</span>
          </p>
          <p className="text-sm text-slate-500">
            {t(
              '{count, plural, one {To about # contact, counted again when it starts.} other {To about # contacts, counted again when it starts.}}',
              { count: campaign.totalRecipients },
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onReschedule}>
            {t('Change time')}
          </Button>
          <Button variant="secondary" icon={<XCircle className="size-4" aria-hidden />} onClick={onCancel}>
            {t('Cancel schedule')}
          </Button>
          <Button icon={<Send className="size-4" aria-hidden />} onClick={onSendNow}>
            {t('Send now')}
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** What a sending campaign is doing, by its A/B test's phase (NONE: no test). */
const SENDING_TITLE: Record<NonNullable<NonNullable<Campaign['abTest']>['phase']> | 'NONE', string> = {
  NONE: msg('Sending…'),
  TESTING: msg('Sending the test…'),
  WAITING: msg('Test sent: waiting for the winner'),
  SENDING_WINNER: msg('Sending the winner…'),
  DONE: msg('Sending…'),
};

function SendingCard({ campaign, onCancel }: { campaign: Campaign; onCancel: () => void }) {
  const { t } = useTranslation();
  const stats = useQuery({ ...campaignQueries.stats(useProject(), campaign.id), refetchInterval: 1500 });
  const sent = stats.data?.sentCount ?? 0;
  const total = campaign.totalRecipients;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-slate-900">{t(SENDING_TITLE[campaign.abTest?.phase ?? 'NONE'])}</p>
          <p className="text-sm text-slate-500" data-testid="send-progress-text">
            {t('{sent} of {total} sent', { sent: formatNumber(sent), total: formatNumber(total) })}
          </p>
          {campaign.localSend && (
            <p className="text-sm text-slate-500" data-testid="local-send">
              {t('{when}: each email waits for that moment in its recipient’s zone.', {
                when: localSendText(campaign.localSend),
              })}
            </p>
          )}
        </div>
        <Button variant="secondary" icon={<XCircle className="size-4" aria-hidden />} onClick={onCancel}>
          {t('Stop sending')}
        </Button>
      </div>
      <ProgressBar value={Math.min(sent, total)} max={total} label={t('Send progress')} className="mt-3 h-2.5" />
    </Card>
  );
}
