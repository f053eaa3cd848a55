/** Writing a new campaign; saving makes a draft, which opens on its own screen to test and send. */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { useToast } from '../../components/Toast.tsx';
import { newGroup } from '../segments/filter-model.ts';
import { CampaignForm, useCampaignDraft } from './CampaignEditor.tsx';
import { campaignsKey } from './queries.ts';

const STARTER_BODY = `<h1>Hello {{ name ?? "there" }},</h1>
<p>Write your message here.</p>
`;

export function NewCampaignPage() {
  const { api, projectId, to } = useProject();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
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
    },
    filter: newGroup('AND'),
  });
  const create = useMutation({
    mutationFn: () => api.post('/campaigns', { body: d.body }),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: campaignsKey(projectId) });
      toast(`Draft “${res.data.name}” saved`);
      navigate(to('campaigns', res.data.id));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (d.valid) create.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <BackLink to={to('campaigns')}>Campaigns</BackLink>
      <PageHeader
        title="New campaign"
        description="Save it as a draft, then send yourself a test before it goes out."
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate(to('campaigns'))}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save draft
            </Button>
          </>
        }
      />
      <CampaignForm d={d} error={create.error} tried={tried} />
      <div className="mt-5 flex justify-end">
        <Button type="submit" loading={create.isPending}>
          Save draft
        </Button>
      </div>
    </form>
  );
}
