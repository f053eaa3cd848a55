/**
 * The dialogs of a campaign's actions, for both campaign screens: test, schedule, send now, cancel
 * and delete (a ConfirmDialog each for the last two, as neither can be undone); the copy both screens
 * offer; and the footer that offers copying and deleting where the status allows.
 */
import { Copy, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { leaveUnasked } from '../../components/LeaveGuard.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Campaign, campaignMutations } from '../../queries/campaigns.ts';
import { useAction } from '../../queries/use-action.ts';
import { allowed } from './campaign-model.ts';
import { ScheduleDialog, SendNowDialog, SendTestDialog } from './SendDialogs.tsx';

export type CampaignDialog = 'test' | 'schedule' | 'send' | 'cancel' | 'delete';

interface DialogProps {
  campaign: Campaign;
  onClose: () => void;
}

/** The dialog `open` names, if any. */
export function CampaignDialogs({ open, ...props }: DialogProps & { open: CampaignDialog | null }) {
  switch (open) {
    case 'test':
      return <SendTestDialog {...props} />;
    case 'schedule':
      return <ScheduleDialog {...props} />;
    case 'send':
      return <SendNowDialog {...props} />;
    case 'cancel':
      return <CancelDialog {...props} />;
    case 'delete':
      return <DeleteDialog {...props} />;
    default:
      return null;
  }
}

/** A schedule cancelled is a draft again; a send stopped stays stopped. */
function CancelDialog({ campaign, onClose }: DialogProps) {
  const { t } = useTranslation();
  const sending = campaign.status === 'SENDING';
  const cancel = useAction(campaignMutations.cancel(useProject(), campaign.id), {
    inline: true,
    onSuccess: (next) => {
      onClose();
      toast(next.status === 'DRAFT' ? t('Cancelled: it is a draft again') : t('Sending stopped'));
    },
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      action={cancel}
      title={sending ? t('Stop sending?') : t('Cancel the schedule?')}
      confirmLabel={sending ? t('Stop sending') : t('Cancel schedule')}
    >
      {sending
        ? t('Emails already sent stay sent; nobody else gets it. This cannot be resumed.')
        : t('It will not go out. The campaign becomes a draft again, to edit or send later.')}
    </ConfirmDialog>
  );
}

function DeleteDialog({ campaign, onClose }: DialogProps) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const remove = useAction(campaignMutations.remove(scope, campaign.id), {
    inline: true,
    onSuccess: () => {
      onClose();
      toast(t('“{name}” deleted', { name: campaign.name }));
      // A draft's unsaved changes went with it: nothing is left to ask about.
      leaveUnasked();
      navigate(scope.to('campaigns'));
    },
  });
  const gone =
    campaign.status === 'SCHEDULED'
      ? t('It will not be sent. This cannot be undone.')
      : campaign.status === 'SENT' || campaign.status === 'CANCELLED'
        ? t('Its emails stay in the activity feed, but the campaign and its results are gone. This cannot be undone.')
        : t('This cannot be undone.');
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      action={remove}
      title={t('Delete “{name}”?', { name: campaign.name })}
      confirmLabel={t('Delete campaign')}
    >
      {gone}
    </ConfirmDialog>
  );
}

/** Copies `campaign` as a new draft and opens the copy. */
export function DuplicateButton({ campaign, variant }: { campaign: Campaign; variant: 'secondary' | 'ghost' }) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const duplicate = useAction(campaignMutations.duplicate(scope, campaign.id), {
    onSuccess: (copy) => {
      toast(t('Copied as “{name}”', { name: copy.name }));
      navigate(scope.to('campaigns', copy.id));
    },
  });
  return (
    <Button
      variant={variant}
      icon={<Copy className="size-4" aria-hidden />}
      loading={duplicate.isPending}
      onClick={() => duplicate.mutate()}
    >
      {t('Duplicate')}
    </Button>
  );
}

/** Copying (`duplicates`) and deleting (where the status allows it), under the screen. */
export function MoreActions({
  campaign,
  duplicates,
  onDelete,
}: {
  campaign: Campaign;
  duplicates?: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-4">
      {duplicates && <DuplicateButton campaign={campaign} variant="ghost" />}
      {allowed(campaign.status).remove && (
        <Button
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          icon={<Trash2 className="size-4" aria-hidden />}
          onClick={onDelete}
        >
          {t('Delete campaign')}
        </Button>
      )}
    </div>
  );
}
