/**
 * One campaign. A draft is edited here and sent from here (test, schedule, send now); once it has
 * been scheduled or sent the screen shows where it stands: the time it goes out, the send's
 * progress, and its results.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Copy, Save, Send, Trash2, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useMe } from '../../api/session.ts';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Card, PageHeader } from '../../components/Layout.tsx';
import { BackLink, TextLink } from '../../components/Links.tsx';
import { ErrorState, FormError, LoadingRows, Skeleton } from '../../components/States.tsx';
import { useToast } from '../../components/Toast.tsx';
import { formatDateTime, formatNumber, formatRelative } from '../../lib/format.ts';
import { countConditions, describeCondition, type FilterNode, fromApi } from '../segments/filter-model.ts';
import { useFieldOptions, useSegments } from '../segments/queries.ts';
import { TemplatePreview } from '../templates/TemplatePreview.tsx';
import { ScheduleDialog, SendNowDialog, SendTestDialog } from './CampaignDialogs.tsx';
import { CampaignForm, useCampaignDraft } from './CampaignEditor.tsx';
import { CampaignResults } from './CampaignStats.tsx';
import { CampaignStatusBadge } from './CampaignsPage.tsx';
import { allowed, EMAIL_TYPES, progress } from './campaign-model.ts';
import { type Campaign, campaignKey, campaignsKey, useCampaign, useCampaignStats } from './queries.ts';

export function CampaignPage() {
  const { campaignId = '' } = useParams();
  const { to } = useProject();
  const campaign = useCampaign(campaignId);
  if (campaign.isPending) {
    return (
      <>
        <BackLink to={to('campaigns')}>Campaigns</BackLink>
        <Skeleton className="mb-2 h-7 w-72" />
        <Skeleton className="mb-6 h-4 w-96" />
        <LoadingRows rows={8} label="Loading campaign" />
      </>
    );
  }
  if (campaign.isError) {
    return (
      <>
        <BackLink to={to('campaigns')}>Campaigns</BackLink>
        <ErrorState error={campaign.error} retry={() => campaign.refetch()} />
      </>
    );
  }
  const c = campaign.data;
  // A draft's form keeps its own state while it is edited; it starts over for another campaign.
  return c.status === 'DRAFT' ? <DraftScreen key={c.id} campaign={c} /> : <StatusScreen campaign={c} />;
}

/** Shared mutations of both screens: test, send or schedule, cancel, duplicate, delete. */
function useCampaignActions(campaign: Campaign) {
  const { api, projectId, to } = useProject();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const path = { id: campaign.id };
  const settle = (next: Campaign) => {
    queryClient.setQueryData(campaignKey(projectId, campaign.id), next);
    void queryClient.invalidateQueries({ queryKey: campaignsKey(projectId) });
    void queryClient.invalidateQueries({ queryKey: [...campaignKey(projectId, campaign.id), 'stats'] });
  };
  return {
    test: useMutation({
      mutationFn: (email: string) => api.post('/campaigns/{id}/test', { path, body: { email } }),
      onSuccess: (r) => toast(`Test sent to ${r.to}`),
    }),
    send: useMutation({
      mutationFn: (scheduledFor?: string) =>
        api.post('/campaigns/{id}/send', { path, body: scheduledFor ? { scheduledFor } : {} }),
      onSuccess: (next) => {
        settle(next);
        toast(
          next.status === 'SCHEDULED'
            ? `Scheduled for ${formatDateTime(next.scheduledAt)}`
            : `Sending to ${formatNumber(next.totalRecipients)} ${next.totalRecipients === 1 ? 'contact' : 'contacts'}`,
        );
      },
    }),
    cancel: useMutation({
      mutationFn: () => api.post('/campaigns/{id}/cancel', { path }),
      onSuccess: (next) => {
        settle(next);
        toast(next.status === 'DRAFT' ? 'Cancelled: it is a draft again' : 'Sending stopped');
      },
    }),
    duplicate: useMutation({
      mutationFn: () => api.post('/campaigns/{id}/duplicate', { path }),
      onSuccess: (copy) => {
        queryClient.setQueryData(campaignKey(projectId, copy.id), copy);
        void queryClient.invalidateQueries({ queryKey: campaignsKey(projectId) });
        toast(`Copied as “${copy.name}”`);
        navigate(to('campaigns', copy.id));
      },
      onError: (e) => toast(errorMessage(e), 'error'),
    }),
    remove: useMutation({
      mutationFn: () => api.delete('/campaigns/{id}', { path }),
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: campaignKey(projectId, campaign.id) });
        void queryClient.invalidateQueries({ queryKey: campaignsKey(projectId) });
        toast(`“${campaign.name}” deleted`);
        navigate(to('campaigns'));
      },
    }),
  };
}

type Open = 'test' | 'schedule' | 'send' | 'cancel' | 'delete' | null;

function DraftScreen({ campaign }: { campaign: Campaign }) {
  const { api, projectId, to } = useProject();
  const queryClient = useQueryClient();
  const toast = useToast();
  const actions = useCampaignActions(campaign);
  const [open, setOpen] = useState<Open>(null);
  const [tried, setTried] = useState(false);
  const initial = useMemo(
    () => ({
      values: {
        name: campaign.name,
        description: campaign.description ?? '',
        subject: campaign.subject,
        body: campaign.body,
        from: campaign.from,
        fromName: campaign.fromName ?? '',
        replyTo: campaign.replyTo ?? '',
        emailType: campaign.emailType,
        audienceType: campaign.audienceType,
        segmentId: campaign.segmentId ?? '',
      },
      filter: fromApi(campaign.audienceFilter),
    }),
    [campaign],
  );
  const d = useCampaignDraft(initial);
  const save = useMutation({
    mutationFn: () => api.put('/campaigns/{id}', { path: { id: campaign.id }, body: d.body }),
    onSuccess: () => {
      d.markSaved();
      void queryClient.invalidateQueries({ queryKey: campaignsKey(projectId) });
    },
  });
  // A failed save shows its errors on the form, whichever action asked for it.
  const formError = save.error;

  /** Saves pending changes first; false when the form cannot be saved as it is. */
  const saved = async (): Promise<boolean> => {
    if (!d.dirty) return true;
    setTried(true);
    if (!d.valid) {
      toast('Fix the highlighted fields first', 'error');
      return false;
    }
    try {
      const next = await save.mutateAsync();
      queryClient.setQueryData(campaignKey(projectId, campaign.id), next);
      return true;
    } catch {
      toast('The changes could not be saved', 'error');
      return false;
    }
  };
  const openAfterSave = async (what: Open) => {
    if (await saved()) setOpen(what);
  };

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      d.dirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname,
  );

  const can = allowed(campaign.status);
  return (
    <>
      <BackLink to={to('campaigns')}>Campaigns</BackLink>
      <PageHeader
        title={campaign.name}
        description={
          <span className="inline-flex items-center gap-2">
            <CampaignStatusBadge status={campaign.status} />
            <span>{d.dirty ? 'Unsaved changes' : `Saved ${formatRelative(campaign.updatedAt)}`}</span>
          </span>
        }
        actions={
          <>
            <Button
              variant="secondary"
              icon={<Save className="size-4" aria-hidden />}
              loading={save.isPending && open === null}
              disabled={!d.dirty}
              onClick={async () => {
                if (await saved()) toast('Draft saved');
              }}
            >
              {d.dirty ? 'Save draft' : 'Saved'}
            </Button>
            <Button
              variant="secondary"
              icon={<Send className="size-4" aria-hidden />}
              onClick={() => openAfterSave('test')}
            >
              Send test
            </Button>
            <Button
              variant="secondary"
              icon={<CalendarClock className="size-4" aria-hidden />}
              onClick={() => openAfterSave('schedule')}
            >
              Schedule
            </Button>
            <Button icon={<Send className="size-4" aria-hidden />} onClick={() => openAfterSave('send')}>
              Send now
            </Button>
          </>
        }
      />
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (await saved()) toast('Draft saved');
        }}
        noValidate
      >
        <CampaignForm d={d} error={formError} tried={tried} />
      </form>
      <MoreActions
        onDuplicate={can.duplicate ? () => actions.duplicate.mutate() : undefined}
        duplicating={actions.duplicate.isPending}
        onDelete={can.remove ? () => setOpen('delete') : undefined}
      />

      <SendTestDialog
        open={open === 'test'}
        onClose={() => setOpen(null)}
        onSend={(email) => actions.test.mutate(email, { onSuccess: () => setOpen(null) })}
        pending={actions.test.isPending}
        error={actions.test.error}
      />
      <ScheduleDialog
        open={open === 'schedule'}
        onClose={() => {
          setOpen(null);
          actions.send.reset();
        }}
        onSchedule={(iso) => actions.send.mutate(iso, { onSuccess: () => setOpen(null) })}
        pending={actions.send.isPending}
        error={actions.send.error}
      />
      <SendNowDialog
        open={open === 'send'}
        onClose={() => {
          setOpen(null);
          actions.send.reset();
        }}
        onConfirm={() => actions.send.mutate(undefined, { onSuccess: () => setOpen(null) })}
        pending={actions.send.isPending}
        error={actions.send.error}
        name={campaign.name}
        audience={{
          audienceType: d.body.audienceType,
          segmentId: d.body.segmentId,
          audienceFilter: d.body.audienceFilter,
          emailType: d.body.emailType,
        }}
      />
      <DeleteDialog
        open={open === 'delete'}
        onClose={() => setOpen(null)}
        campaign={campaign}
        mutation={actions.remove}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
        title="Leave without saving?"
        confirmLabel="Leave"
      >
        Your changes to this draft are not saved yet.
      </ConfirmDialog>
    </>
  );
}

function MoreActions({
  onDuplicate,
  duplicating,
  onDelete,
}: {
  onDuplicate?: () => void;
  duplicating: boolean;
  onDelete?: () => void;
}) {
  return (
    <div className="mt-6 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-4">
      {onDuplicate && (
        <Button
          variant="ghost"
          icon={<Copy className="size-4" aria-hidden />}
          loading={duplicating}
          onClick={onDuplicate}
        >
          Duplicate
        </Button>
      )}
      {onDelete && (
        <Button
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          icon={<Trash2 className="size-4" aria-hidden />}
          onClick={onDelete}
        >
          Delete campaign
        </Button>
      )}
    </div>
  );
}

function DeleteDialog({
  open,
  onClose,
  campaign,
  mutation,
}: {
  open: boolean;
  onClose: () => void;
  campaign: Campaign;
  mutation: ReturnType<typeof useCampaignActions>['remove'];
}) {
  return (
    <ConfirmDialog
      open={open}
      onClose={() => {
        onClose();
        mutation.reset();
      }}
      onConfirm={() => mutation.mutate()}
      busy={mutation.isPending}
      title={`Delete “${campaign.name}”?`}
      confirmLabel="Delete campaign"
    >
      <p>
        {campaign.status === 'SCHEDULED'
          ? 'It will not be sent. '
          : campaign.status === 'SENT' || campaign.status === 'CANCELLED'
            ? 'Its emails stay in the activity feed, but the campaign and its results are gone. '
            : ''}
        This cannot be undone.
      </p>
      {mutation.error ? (
        <div className="mt-3">
          <FormError error={mutation.error} />
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

/** A campaign past its draft: scheduled, sending, sent or cancelled. */
function StatusScreen({ campaign }: { campaign: Campaign }) {
  const { projectId, to } = useProject();
  const queryClient = useQueryClient();
  const actions = useCampaignActions(campaign);
  const [open, setOpen] = useState<Open>(null);
  const can = allowed(campaign.status);
  const sending = campaign.status === 'SENDING';

  // When the send ends, read the final figures once more.
  useEffect(() => {
    if (campaign.status !== 'SENDING') {
      void queryClient.invalidateQueries({ queryKey: [...campaignKey(projectId, campaign.id), 'stats'] });
      void queryClient.invalidateQueries({ queryKey: [...campaignKey(projectId, campaign.id), 'timeseries'] });
    }
  }, [campaign.status, campaign.id, projectId, queryClient]);

  return (
    <>
      <BackLink to={to('campaigns')}>Campaigns</BackLink>
      <PageHeader
        title={campaign.name}
        description={
          <span className="inline-flex items-center gap-2">
            <CampaignStatusBadge status={campaign.status} />
            <span className="truncate">{campaign.subject}</span>
          </span>
        }
        actions={
          <>
            <Button variant="secondary" icon={<Send className="size-4" aria-hidden />} onClick={() => setOpen('test')}>
              Send test
            </Button>
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
            onReschedule={() => setOpen('schedule')}
            onSendNow={() => setOpen('send')}
            onCancel={() => setOpen('cancel')}
          />
        )}
        {sending && <SendingCard campaign={campaign} onCancel={() => setOpen('cancel')} />}
        {campaign.status === 'SENT' && (
          <Banner tone="green">
            Sent to {formatNumber(campaign.totalRecipients)} {campaign.totalRecipients === 1 ? 'contact' : 'contacts'}{' '}
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
        <ContentSummary campaign={campaign} />
      </div>
      <MoreActions
        duplicating={actions.duplicate.isPending}
        onDelete={can.remove ? () => setOpen('delete') : undefined}
      />

      <SendTestDialog
        open={open === 'test'}
        onClose={() => setOpen(null)}
        onSend={(email) => actions.test.mutate(email, { onSuccess: () => setOpen(null) })}
        pending={actions.test.isPending}
        error={actions.test.error}
      />
      <ScheduleDialog
        open={open === 'schedule'}
        current={campaign.scheduledAt}
        onClose={() => {
          setOpen(null);
          actions.send.reset();
        }}
        onSchedule={(iso) => actions.send.mutate(iso, { onSuccess: () => setOpen(null) })}
        pending={actions.send.isPending}
        error={actions.send.error}
      />
      <SendNowDialog
        open={open === 'send'}
        onClose={() => {
          setOpen(null);
          actions.send.reset();
        }}
        onConfirm={() => actions.send.mutate(undefined, { onSuccess: () => setOpen(null) })}
        pending={actions.send.isPending}
        error={actions.send.error}
        name={campaign.name}
        audience={{
          audienceType: campaign.audienceType,
          segmentId: campaign.segmentId,
          audienceFilter: campaign.audienceFilter,
          emailType: campaign.emailType,
        }}
      />
      <ConfirmDialog
        open={open === 'cancel'}
        onClose={() => {
          setOpen(null);
          actions.cancel.reset();
        }}
        onConfirm={() => actions.cancel.mutate(undefined, { onSuccess: () => setOpen(null) })}
        busy={actions.cancel.isPending}
        title={sending ? 'Stop sending?' : 'Cancel the schedule?'}
        confirmLabel={sending ? 'Stop sending' : 'Cancel schedule'}
      >
        <p>
          {sending
            ? 'Emails already sent stay sent; nobody else gets it. This cannot be resumed.'
            : 'It will not go out. The campaign becomes a draft again, to edit or send later.'}
        </p>
        {actions.cancel.error ? (
          <div className="mt-3">
            <FormError error={actions.cancel.error} />
          </div>
        ) : null}
      </ConfirmDialog>
      <DeleteDialog
        open={open === 'delete'}
        onClose={() => setOpen(null)}
        campaign={campaign}
        mutation={actions.remove}
      />
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
            To about {formatNumber(campaign.totalRecipients)} {campaign.totalRecipients === 1 ? 'contact' : 'contacts'},
            counted again when it starts.
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
  const stats = useCampaignStats(campaign.id, true);
  const sent = stats.data?.sentCount ?? 0;
  const total = campaign.totalRecipients;
  const share = progress(sent, total);
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
      <div
        role="progressbar"
        aria-label="Send progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={sent}
        className="mt-3 h-2.5 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-all duration-500"
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </Card>
  );
}

/** What was (or will be) sent: sender, audience and the email itself. */
function ContentSummary({ campaign }: { campaign: Campaign }) {
  const { to } = useProject();
  const me = useMe();
  const segments = useSegments();
  const { options } = useFieldOptions();
  const segment = segments.data?.find((s) => s.id === campaign.segmentId);
  const tree = useMemo(() => fromApi(campaign.audienceFilter), [campaign.audienceFilter]);
  const lines = (node: FilterNode): string[] =>
    node.kind === 'condition'
      ? [describeCondition(node, options ?? [])]
      : node.children.flatMap((c) =>
          c.kind === 'group' ? [`${c.logic === 'AND' ? 'all' : 'any'} of (${lines(c).join('; ')})`] : lines(c),
        );
  const audience =
    campaign.audienceType === 'ALL' ? (
      'All contacts'
    ) : campaign.audienceType === 'SEGMENT' ? (
      segment ? (
        <TextLink to={to('segments', segment.id)}>{segment.name}</TextLink>
      ) : (
        'A segment that was deleted'
      )
    ) : countConditions(tree) === 0 ? (
      'Every contact (empty filter)'
    ) : (
      `Contacts matching ${tree.logic === 'AND' ? 'all' : 'any'} of: ${lines(tree).join('; ')}`
    );
  const sender = campaign.fromName ? `${campaign.fromName} <${campaign.from}>` : campaign.from;
  return (
    <Card title="The email">
      <div className="grid gap-5 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="text-slate-500">From</dt>
            <dd className="break-all text-slate-900">{sender}</dd>
          </div>
          {campaign.replyTo && (
            <div>
              <dt className="text-slate-500">Reply-to</dt>
              <dd className="break-all text-slate-900">{campaign.replyTo}</dd>
            </div>
          )}
          <div>
            <dt className="text-slate-500">Audience</dt>
            <dd className="text-slate-900">{audience}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Kind</dt>
            <dd className="text-slate-900">{EMAIL_TYPES.find((t) => t.id === campaign.emailType)?.label}</dd>
          </div>
          {campaign.description && (
            <div>
              <dt className="text-slate-500">Note</dt>
              <dd className="text-slate-900">{campaign.description}</dd>
            </div>
          )}
          <div>
            <dt className="text-slate-500">Created</dt>
            <dd className="text-slate-900">{formatDateTime(campaign.createdAt)}</dd>
          </div>
        </dl>
        <TemplatePreview
          subject={campaign.subject}
          body={campaign.body}
          from={campaign.from}
          fromName={campaign.fromName ?? ''}
          type={campaign.emailType}
          email={me.data?.email ?? 'jane@example.com'}
          sample={NO_SAMPLE}
          height={420}
        />
      </div>
    </Card>
  );
}

const NO_SAMPLE: Record<string, unknown> = {};
