/**
 * The dialogs of a campaign's actions, wired once for both campaign screens: test, schedule, send
 * now, cancel and delete (a ConfirmDialog each for the last two, as neither can be undone), and the
 * footer that offers duplicating and deleting.
 */
import { Copy, Trash2 } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { FormError } from '../../components/States.tsx';
import type { Campaign } from '../../queries/campaigns.ts';
import type { AudienceType, EmailType } from './campaign-model.ts';
import { ScheduleDialog, SendNowDialog, SendTestDialog } from './SendDialogs.tsx';
import type { CampaignActions } from './use-campaign-actions.ts';

export interface Audience {
  audienceType: AudienceType;
  segmentId: string | null;
  audienceFilter: unknown;
  emailType: EmailType;
  topicId: string | null;
}

export function CampaignDialogs({
  campaign,
  actions: a,
  audience,
}: {
  campaign: Campaign;
  actions: CampaignActions;
  /** Who "send now" counts: the draft's audience as edited (and saved), else the campaign's. */
  audience: Audience;
}) {
  const sending = campaign.status === 'SENDING';
  return (
    <>
      <SendTestDialog
        open={a.open === 'test'}
        onClose={a.close}
        onSend={(email) => a.test.mutate(email)}
        pending={a.test.isPending}
        error={a.test.error}
      />
      <ScheduleDialog
        open={a.open === 'schedule'}
        current={campaign.status === 'SCHEDULED' ? campaign.scheduledAt : undefined}
        onClose={a.close}
        onSchedule={(iso) => a.send.mutate(iso)}
        pending={a.send.isPending}
        error={a.send.error}
      />
      <SendNowDialog
        open={a.open === 'send'}
        onClose={a.close}
        onConfirm={() => a.send.mutate(undefined)}
        pending={a.send.isPending}
        error={a.send.error}
        name={campaign.name}
        audience={audience}
      />
      <ConfirmDialog
        open={a.open === 'cancel'}
        onClose={a.close}
        onConfirm={() => a.cancel.mutate()}
        busy={a.cancel.isPending}
        title={sending ? 'Stop sending?' : 'Cancel the schedule?'}
        confirmLabel={sending ? 'Stop sending' : 'Cancel schedule'}
      >
        <p>
          {sending
            ? 'Emails already sent stay sent; nobody else gets it. This cannot be resumed.'
            : 'It will not go out. The campaign becomes a draft again, to edit or send later.'}
        </p>
        <ErrorBelow error={a.cancel.error} />
      </ConfirmDialog>
      <ConfirmDialog
        open={a.open === 'delete'}
        onClose={a.close}
        onConfirm={() => a.remove.mutate()}
        busy={a.remove.isPending}
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
        <ErrorBelow error={a.remove.error} />
      </ConfirmDialog>
    </>
  );
}

function ErrorBelow({ error }: { error: unknown }) {
  return error ? (
    <div className="mt-3">
      <FormError error={error} />
    </div>
  ) : null;
}

/** Duplicate and delete, under the screen; each shows only where the status allows it. */
export function MoreActions({
  onDuplicate,
  duplicating,
  onDelete,
}: {
  onDuplicate?: () => void;
  duplicating?: boolean;
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
