/**
 * A draft campaign: its form, saved on request (the button, Enter, Ctrl+S or Cmd+S) and before any
 * action that sends, so a test, a schedule or a send always use what is on the screen.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Save, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { useLeaveGuard } from '../../components/LeaveGuard.tsx';
import { fromApi } from '../../filters/convert.ts';
import { formatRelative } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { useSaveShortcut } from '../../lib/use-save-shortcut.ts';
import { type Campaign, campaignEffects, campaignQueries } from '../../queries/campaigns.ts';
import { CampaignDialogs, MoreActions } from './CampaignDialogs.tsx';
import { CampaignForm } from './CampaignForm.tsx';
import { CampaignHeader } from './CampaignHeader.tsx';
import { allowed } from './campaign-model.ts';
import { type CampaignDialog, useCampaignActions } from './use-campaign-actions.ts';
import { useCampaignDraft } from './use-campaign-draft.ts';

export function CampaignDraftScreen({ campaign }: { campaign: Campaign }) {
  const project = useProject();
  const { api, projectId } = project;
  const queryClient = useQueryClient();
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
        topicId: campaign.topicId ?? '',
      },
      filter: fromApi(campaign.audienceFilter),
    }),
    [campaign],
  );
  const d = useCampaignDraft(initial);
  const save = useMutation({
    mutationFn: () => api.put('/campaigns/{id}', { path: { id: campaign.id }, body: d.body }),
    // The name shows in the analytics too. The form shows a failed save's errors, whichever action asked for it.
    meta: { invalidates: campaignEffects(projectId), errorShownInline: true },
    onSuccess: (next) => {
      d.markSaved();
      queryClient.setQueryData(campaignQueries.one(project, campaign.id).queryKey, next);
    },
  });
  const guard = useLeaveGuard(d.dirty && !save.isPending, 'Your changes to this draft are not saved yet.');
  const actions = useCampaignActions(campaign, guard.leave);

  /** Saves pending changes first; false when the form cannot be saved as it is. */
  const saved = async (): Promise<boolean> => {
    if (!d.dirty) return true;
    setTried(true);
    if (!d.valid) {
      toast('Fix the highlighted fields first', 'error');
      return false;
    }
    try {
      await save.mutateAsync();
      return true;
    } catch {
      toast('The changes could not be saved', 'error');
      return false;
    }
  };
  const saveNow = async () => {
    if (d.dirty && !save.isPending && (await saved())) toast('Draft saved');
  };
  const openAfterSave = async (what: CampaignDialog) => {
    if (await saved()) actions.show(what);
  };
  useSaveShortcut(() => void saveNow());

  const can = allowed(campaign.status);
  return (
    <>
      <CampaignHeader
        campaign={campaign}
        note={d.dirty ? 'Unsaved changes' : `Saved ${formatRelative(campaign.updatedAt)}`}
        actions={
          <>
            <Button
              variant="secondary"
              icon={<Save className="size-4" aria-hidden />}
              loading={save.isPending && actions.open === null}
              disabled={!d.dirty}
              onClick={saveNow}
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
        onSubmit={(e) => {
          e.preventDefault();
          void saveNow();
        }}
        noValidate
      >
        <CampaignForm d={d} error={save.error} tried={tried} />
      </form>
      <MoreActions
        onDuplicate={can.duplicate ? () => actions.duplicate.mutate() : undefined}
        duplicating={actions.duplicate.isPending}
        onDelete={can.remove ? () => actions.show('delete') : undefined}
      />
      <CampaignDialogs
        campaign={campaign}
        actions={actions}
        audience={{
          audienceType: d.body.audienceType,
          segmentId: d.body.segmentId,
          audienceFilter: d.body.audienceFilter,
          emailType: d.body.emailType,
          topicId: d.body.topicId,
        }}
      />
      {guard.dialog}
    </>
  );
}
