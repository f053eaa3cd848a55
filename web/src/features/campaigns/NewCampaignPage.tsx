/**
 * Writing a new campaign; saving (the button, Enter, Ctrl+S or Cmd+S) makes a draft, which opens on
 * its own screen to test and send.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { newGroup } from '../../filters/tree.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { useSaveShortcut } from '../../lib/use-save-shortcut.ts';
import { campaignEffects } from '../../queries/campaigns.ts';
import { CampaignForm } from './CampaignForm.tsx';
import { useCampaignDraft } from './use-campaign-draft.ts';

const STARTER_BODY = `<h1>Hello {{ name ?? "there" }},</h1>
<p>Write your message here.</p>
`;

export function NewCampaignPage() {
  const { api, projectId, to } = useProject();
  const navigate = useNavigate();
  const [tried, setTried] = useState(false);
  const d = useCampaignDraft({
    values: {
      name: '',
      description: '',
      subject: '',
      body: STARTER_BODY,
      from: '',
      fromName: '',
      replyTo: '',
      emailType: 'MARKETING',
      audienceType: 'ALL',
      segmentId: '',
      topicId: '',
    },
    filter: newGroup('AND'),
  });
  const create = useMutation({
    mutationFn: () => api.post('/campaigns', { body: d.body }),
    // A first campaign ticks the setup checklist; the form shows the API's refusals.
    meta: { invalidates: campaignEffects(projectId), errorShownInline: true },
    onSuccess: (res) => {
      toast(`Draft “${res.data.name}” saved`);
      navigate(to('campaigns', res.data.id));
    },
  });
  const submit = () => {
    setTried(true);
    if (d.valid && !create.isPending) create.mutate();
  };
  useSaveShortcut(submit);
  const saveButton = (
    <Button type="submit" loading={create.isPending}>
      Save draft
    </Button>
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <BackLink to={to('campaigns')}>Campaigns</BackLink>
      <PageHeader
        title="New campaign"
        description="Save it as a draft, then send yourself a test before it goes out."
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate(to('campaigns'))}>
              Cancel
            </Button>
            {saveButton}
          </>
        }
      />
      <CampaignForm d={d} error={create.error} tried={tried} />
      <div className="mt-5 flex justify-end">{saveButton}</div>
    </form>
  );
}
