/**
 * What can be done to one endpoint: switch it on or off, send a test, edit, rotate its secret,
 * delete it. The buttons sit in the endpoint page's header; each action's dialog lives here.
 */
import { KeyRound, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [tested, setTested] = useState<TestAttempt | null>(null);

  const toggle = useAction(webhookMutations.update(scope, endpoint.id), {
    onSuccess: (saved) =>
      toast(saved.enabled ? t('Endpoint enabled.') : t('Endpoint disabled: no messages go out to it.')),
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
      toast(t('Endpoint deleted.'));
    },
  });

  return (
    <>
      <Switch
        label={t('Enabled')}
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
        {t('Send test')}
      </Button>
      <Button variant="secondary" icon={<Pencil className="size-4" aria-hidden />} onClick={() => setOpen('edit')}>
        {t('Edit')}
      </Button>
      <Button variant="secondary" icon={<KeyRound className="size-4" aria-hidden />} onClick={() => setOpen('rotate')}>
        {t('Rotate secret')}
      </Button>
      <Button
        variant="secondary"
        icon={<Trash2 className="size-4 text-red-600" aria-hidden />}
        onClick={() => setOpen('delete')}
      >
        {t('Delete')}
      </Button>

      {open === 'edit' && <EndpointDialog endpoint={endpoint} onClose={() => setOpen(null)} />}
      <ConfirmDialog
        open={open === 'rotate'}
        onClose={() => setOpen(null)}
        action={rotate}
        title={t('Rotate the signing secret?')}
        confirmLabel={t('Rotate secret')}
      >
        {t(
          'A new secret is made and shown once. The old one keeps signing for 24 hours beside it, so your endpoint has a day to switch before messages signed only with the new one arrive.',
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'delete'}
        onClose={() => setOpen(null)}
        action={remove}
        title={t('Delete this endpoint?')}
        confirmLabel={t('Delete endpoint')}
      >
        <Trans
          i18nKey="<url>{url}</url> gets no more messages, and its message log is deleted with it. Messages still waiting to be delivered are dropped. This cannot be undone."
          values={{ url: endpoint.url }}
          components={{ url: <span className="break-all" /> }}
        />
      </ConfirmDialog>
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      <TestResultDialog attempt={tested} onClose={() => setTested(null)} />
    </>
  );
}
