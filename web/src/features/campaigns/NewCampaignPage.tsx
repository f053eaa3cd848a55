/**
 * Writing a new campaign; saving (the button, Enter, Ctrl+S or Cmd+S) makes a draft, which opens on
 * its own screen to test and send.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { campaignMutations } from '../../queries/campaigns.ts';
import { useAction } from '../../queries/use-action.ts';
import { CampaignForm } from './CampaignForm.tsx';
import { blank, useCampaignDraft } from './use-campaign-draft.ts';

export function NewCampaignPage() {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const start = useMemo(blank, []);
  // The form shows the API's refusals; the draft opens on its own screen.
  const create = useAction(campaignMutations.create(scope), {
    inline: true,
    onSuccess: ({ data }) => {
      toast(t('Draft “{name}” saved', { name: data.name }));
      navigate(scope.to('campaigns', data.id));
    },
  });
  const d = useCampaignDraft(start, create, t('This campaign is not saved yet. Leave and lose it?'));
  const saveButton = (
    <Button type="submit" loading={d.saving}>
      {t('Save draft')}
    </Button>
  );
  return (
    <form onSubmit={d.submit} noValidate>
      <BackLink to={scope.to('campaigns')}>{t('Campaigns')}</BackLink>
      <PageHeader
        title={t('New campaign')}
        description={t('Save it as a draft, then send yourself a test before it goes out.')}
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate(scope.to('campaigns'))}>
              {t('Cancel')}
            </Button>
            {saveButton}
          </>
        }
      />
      <CampaignForm d={d} isNew />
      <div className="mt-5 flex justify-end">{saveButton}</div>
    </form>
  );
}
