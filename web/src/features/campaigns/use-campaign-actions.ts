/**
 * What can be done to a campaign from its screen, whatever its status: send a test, send now or
 * schedule, cancel, duplicate, delete; and which of their dialogs is open. Both campaign screens
 * use it with the one CampaignDialogs.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime, plural } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Campaign, campaignEffects, campaignQueries } from '../../queries/campaigns.ts';
import { sendEffects } from '../../queries/overview.ts';

export type CampaignDialog = 'test' | 'schedule' | 'send' | 'cancel' | 'delete';

/** `onDeleted` runs before the screen leaves for the list (a draft's leave guard lets it through). */
export function useCampaignActions(campaign: Campaign, onDeleted?: () => void) {
  const project = useProject();
  const { api, projectId, to } = project;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState<CampaignDialog | null>(null);
  const path = { id: campaign.id };
  const effects = campaignEffects(projectId);
  const cache = (c: Campaign) => queryClient.setQueryData(campaignQueries.one(project, c.id).queryKey, c);
  // The dialogs show their mutation's error; closing one forgets it.
  const inline = { invalidates: effects, errorShownInline: true };

  const test = useMutation({
    mutationFn: (email: string) => api.post('/campaigns/{id}/test', { path, body: { email } }),
    meta: { invalidates: sendEffects(projectId), errorShownInline: true },
    onSuccess: (r) => {
      setOpen(null);
      toast(`Test sent to ${r.to}`);
    },
  });
  const send = useMutation({
    mutationFn: (scheduledFor?: string) =>
      api.post('/campaigns/{id}/send', { path, body: scheduledFor ? { scheduledFor } : {} }),
    meta: inline,
    onSuccess: (next) => {
      cache(next);
      setOpen(null);
      toast(
        next.status === 'SCHEDULED'
          ? `Scheduled for ${formatDateTime(next.scheduledAt)}`
          : `Sending to ${plural(next.totalRecipients, 'contact')}`,
      );
    },
  });
  const cancel = useMutation({
    mutationFn: () => api.post('/campaigns/{id}/cancel', { path }),
    meta: inline,
    onSuccess: (next) => {
      cache(next);
      setOpen(null);
      toast(next.status === 'DRAFT' ? 'Cancelled: it is a draft again' : 'Sending stopped');
    },
  });
  const duplicate = useMutation({
    mutationFn: () => api.post('/campaigns/{id}/duplicate', { path }),
    meta: { invalidates: effects },
    onSuccess: (copy) => {
      cache(copy);
      toast(`Copied as “${copy.name}”`);
      navigate(to('campaigns', copy.id));
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete('/campaigns/{id}', { path }),
    meta: inline,
    onSuccess: () => {
      setOpen(null);
      onDeleted?.();
      toast(`“${campaign.name}” deleted`);
      navigate(to('campaigns'));
    },
  });

  return {
    open,
    show: setOpen,
    close: () => {
      setOpen(null);
      for (const m of [test, send, cancel, remove]) m.reset();
    },
    test,
    send,
    cancel,
    duplicate,
    remove,
  };
}

export type CampaignActions = ReturnType<typeof useCampaignActions>;
