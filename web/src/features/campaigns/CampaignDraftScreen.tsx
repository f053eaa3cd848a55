/**
 * A draft campaign: its form, saved on request (the button, Enter, Ctrl+S or Cmd+S) and before any
 * action that sends, so a test, a schedule or a send always use what is on the screen.
 */
import { CalendarClock, Save, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { formatRelative } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Campaign, campaignMutations } from '../../queries/campaigns.ts';
import { useAction } from '../../queries/use-action.ts';
import { type CampaignDialog, CampaignDialogs, MoreActions } from './CampaignDialogs.tsx';
import { CampaignForm } from './CampaignForm.tsx';
import { CampaignHeader } from './CampaignHeader.tsx';
import { draftOf, useCampaignDraft } from './use-campaign-draft.ts';

export function CampaignDraftScreen({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<CampaignDialog | null>(null);
  const saved = useMemo(() => draftOf(campaign), [campaign]);
  // The form shows a failed save's errors, whichever action asked for it.
  const save = useAction(campaignMutations.save(useProject(), campaign.id), {
    inline: true,
    onSuccess: () => toast(t('Draft saved')),
  });
  const d = useCampaignDraft(saved, save, t('Your changes to this draft are not saved yet.'));

  const openAfterSave = async (what: CampaignDialog) => {
    const saved = await d.saveFirst();
    if (saved === 'saved') setOpen(what);
    else if (saved === 'checks') toast(t('Fix the highlighted fields first'), 'error');
    else toast(t('The changes could not be saved'), 'error');
  };

  return (
    <>
      <CampaignHeader
        campaign={campaign}
        note={d.dirty ? t('Unsaved changes') : t('Saved {when}', { when: formatRelative(campaign.updatedAt) })}
        actions={
          <>
            <Button
              variant="secondary"
              icon={<Save className="size-4" aria-hidden />}
              loading={d.saving && open === null}
              disabled={!d.dirty}
              onClick={() => d.submit()}
            >
              {d.dirty ? t('Save draft') : t('Saved')}
            </Button>
            <Button
              variant="secondary"
              icon={<Send className="size-4" aria-hidden />}
              onClick={() => openAfterSave('test')}
            >
              {t('Send test')}
            </Button>
            <Button
              variant="secondary"
              icon={<CalendarClock className="size-4" aria-hidden />}
              onClick={() => openAfterSave('schedule')}
            >
              {t('Schedule')}
            </Button>
            <Button icon={<Send className="size-4" aria-hidden />} onClick={() => openAfterSave('send')}>
              {t('Send now')}
            </Button>
          </>
        }
      />
      <form onSubmit={d.submit} noValidate>
        <CampaignForm d={d} />
      </form>
      <MoreActions campaign={campaign} duplicates onDelete={() => setOpen('delete')} />
      <CampaignDialogs open={open} campaign={campaign} onClose={() => setOpen(null)} />
    </>
  );
}
