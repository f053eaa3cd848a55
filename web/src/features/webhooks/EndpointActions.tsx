/**
 * What can be done to one endpoint: switch it on or off, send a test, edit, rotate its secret,
 * delete it. The buttons sit in the endpoint page's header; each action's dialog lives here.
 */
import { KeyRound, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Switch } from '../../components/Switch.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { useAction } from '../../queries/use-action.ts';
import { type TestAttempt, type WebhookEndpoint, webhookMutations } from '../../queries/webhooks.ts';
import { EndpointDialog } from './EndpointDialog.tsx';
import { SecretDialog, type ShownSecret } from './SecretDialog.tsx';
import { TestResultDialog } from './TestResultDialog.tsx';

type Open = 'edit' | 'rotate' | 'delete' | null;

export function EndpointActions({ endpoint }: { endpoint: WebhookEndpoint }) {
  const scope = useProject();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [tested, setTested] = useState<TestAttempt | null>(null);

  const toggle = useAction(webhookMutations.update(scope, endpoint.id), {
    onSuccess: (saved) => toast(saved.enabled ? 'Endpoint enabled.' : 'Endpoint disabled: no messages go out to it.'),
  });
  const test = useAction(webhookMutations.test(scope, endpoint.id), { onSuccess: setTested });
  const rotate = useAction(webhookMutations.rotateSecret(scope, endpoint.id), {
    onSuccess: (rotated) => {
      setOpen(null);
      setSecret({ secret: rotated.secret, rotated: true });
    },
  });
  const remove = useAction(webhookMutations.remove(scope, endpoint.id), {
    onSuccess: () => {
      navigate(scope.to('webhooks'));
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
        onChange={(enabled) => toggle.mutate({ enabled })}
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
        action={rotate}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
      >
        A new secret is made and shown once. The old one keeps signing for 24 hours beside it, so your endpoint has a
        day to switch before messages signed only with the new one arrive.
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'delete'}
        onClose={() => setOpen(null)}
        action={remove}
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
