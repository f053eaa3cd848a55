/**
 * What can be done to one endpoint: switch it on or off, send a test, edit, rotate its secret,
 * delete it. The buttons sit in the endpoint page's header; each action's dialog lives here.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Switch } from '../../components/Switch.tsx';
import { toast } from '../../lib/toasts.ts';
import { resourceKey } from '../../queries/keys.ts';
import { type TestAttempt, type WebhookEndpoint, webhookQueries } from '../../queries/webhooks.ts';
import { EndpointDialog } from './EndpointDialog.tsx';
import { SecretDialog, type ShownSecret } from './SecretDialog.tsx';
import { TestResultDialog } from './TestResultDialog.tsx';

type Open = 'edit' | 'rotate' | 'delete' | null;

export function EndpointActions({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { api, projectId, to } = useProject();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [tested, setTested] = useState<TestAttempt | null>(null);
  const all = webhookQueries.all(projectId);
  const path = { id: endpoint.id };

  const toggle = useMutation({
    mutationFn: (enabled: boolean) => api.patch('/webhook-endpoints/{id}', { path, body: { enabled } }),
    meta: { invalidates: [all] },
    onSuccess: (saved) => toast(saved.enabled ? 'Endpoint enabled.' : 'Endpoint disabled: no messages go out to it.'),
  });
  const test = useMutation({
    mutationFn: () => api.post('/webhook-endpoints/{id}/test', { path }),
    // The test is a message of the endpoint's log too.
    meta: { invalidates: [all] },
    onSuccess: (attempt) => setTested(attempt),
  });
  const rotate = useMutation({
    mutationFn: () => api.post('/webhook-endpoints/{id}/rotate-secret', { path }),
    meta: { invalidates: [all] },
    onSuccess: (rotated) => {
      setOpen(null);
      setSecret({ secret: rotated.secret, rotated: true });
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete('/webhook-endpoints/{id}', { path }),
    // Only the list: refetching this endpoint would show "not found" here before the page leaves.
    meta: { invalidates: [resourceKey(projectId, 'webhooks', 'list')] },
    onSuccess: () => {
      navigate(to('webhooks'));
      queryClient.removeQueries({ queryKey: resourceKey(projectId, 'webhooks', 'one', endpoint.id) });
      toast('Endpoint deleted.');
    },
  });

  return (
    <>
      <Switch
        label="Enabled"
        showLabel
        checked={endpoint.enabled}
        busy={toggle.isPending}
        onChange={(next) => toggle.mutate(next)}
        className="mr-2"
      />
      <Button
        variant="secondary"
        icon={<Send className="size-4" aria-hidden />}
        loading={test.isPending}
        onClick={() => test.mutate()}
      >
        Send test
      </Button>
      <Button variant="secondary" icon={<Pencil className="size-4" aria-hidden />} onClick={() => setOpen('edit')}>
        Edit
      </Button>
      <Button variant="secondary" icon={<KeyRound className="size-4" aria-hidden />} onClick={() => setOpen('rotate')}>
        Rotate secret
      </Button>
      <Button
        variant="secondary"
        icon={<Trash2 className="size-4 text-red-600" aria-hidden />}
        onClick={() => setOpen('delete')}
      >
        Delete
      </Button>

      {open === 'edit' && <EndpointDialog endpoint={endpoint} onClose={() => setOpen(null)} />}
      <ConfirmDialog
        open={open === 'rotate'}
        onClose={() => setOpen(null)}
        onConfirm={() => rotate.mutate()}
        busy={rotate.isPending}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
      >
        A new secret is made and shown once. The old one keeps signing for 24 hours beside it, so your endpoint has a
        day to switch before messages signed only with the new one arrive.
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'delete'}
        onClose={() => setOpen(null)}
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
      >
        <span className="break-all">{endpoint.url}</span> gets no more messages, and its message log is deleted with it.
        Messages still waiting to be delivered are dropped. This cannot be undone.
      </ConfirmDialog>
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      <TestResultDialog attempt={tested} onClose={() => setTested(null)} />
    </>
  );
}
