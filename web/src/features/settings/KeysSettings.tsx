import { Eye, EyeOff, RotateCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { can } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { ConfirmDialog, Dialog } from '../../components/Dialog.tsx';
import { KeysOnce } from '../../components/KeysOnce.tsx';
import { Card } from '../../components/Layout.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { projectMutations } from '../../queries/projects.ts';
import { useAction } from '../../queries/use-action.ts';

/** Settings → API keys: the keys in use, rotating them (the new secret shown once) and the webhook signing secret. */
export function KeysSettings() {
  const { t } = useTranslation();
  const scope = useProject();
  const { project } = scope;
  const [confirming, setConfirming] = useState(false);
  const [revealed, setRevealed] = useState(false);
  // The new pair, held here (not in the mutation) so closing the confirmation cannot lose it.
  const [fresh, setFresh] = useState<{ secretKey: string; publicKey: string }>();
  const rotate = useAction(projectMutations.rotateKeys(scope), {
    inline: true,
    onSuccess: ({ secretKey, publicKey }) => {
      setFresh({ secretKey, publicKey });
      setConfirming(false);
    },
  });
  const allowed = can(project, 'keys.rotate');
  // Closing the dialog (its button or Escape): Dialog calls this once per close.
  const done = () => {
    setFresh(undefined);
    toast(t('Keys rotated. The old keys no longer work.'));
  };

  return (
    <div className="space-y-6">
      <Card
        title={t('API keys')}
        actions={
          allowed && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setConfirming(true)}
              icon={<RotateCw className="size-4" aria-hidden />}
            >
              {t('Rotate keys')}
            </Button>
          )
        }
      >
        <dl className="divide-y divide-slate-100">
          <KeyRow
            label={t('Secret key')}
            help={t('For your servers: every API call. Shown in full only when it is created or rotated.')}
          >
            <code data-testid="secret-key-hint" className="rounded bg-slate-100 px-2 py-1.5 font-mono text-xs">
              sk_{'•'.repeat(20)}
              {project.secretKeyHint}
            </code>
          </KeyRow>
          <KeyRow
            label={t('Public key')}
            help={t('Safe in a browser or app: it can only track events ({endpoint}).', {
              endpoint: 'POST /v1/track',
            })}
          >
            <code
              data-testid="public-key-current"
              className="min-w-0 truncate rounded bg-slate-100 px-2 py-1.5 font-mono text-xs"
            >
              {project.publicKey}
            </code>
            <CopyButton value={project.publicKey} label={t('Copy public key')} />
          </KeyRow>
        </dl>
        <PermissionNotice permission="keys.rotate" className="mt-3">
          {t('Your role does not let you rotate the keys.')}
        </PermissionNotice>
      </Card>

      <Card title={t('Webhook signing secret')}>
        <p className="mb-3 text-sm text-slate-600">
          <Trans
            i18nKey="Workflow webhooks carry an <code>{header}</code> header: an HMAC-SHA256 of the body made with this secret. Check it on your server to know a call really came from us. It does not change when you rotate the API keys."
            values={{ header: 'X-Mailwright-Signature' }}
            components={{ code: <code className="text-xs" /> }}
          />
        </p>
        <div className="flex items-center gap-2">
          <code
            data-testid="webhook-secret"
            className="min-w-0 flex-1 truncate rounded bg-slate-100 px-2 py-1.5 font-mono text-xs"
          >
            {revealed ? project.webhookSigningSecret : `whsec_${'•'.repeat(32)}`}
          </code>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setRevealed((r) => !r)}
            icon={revealed ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
          >
            {revealed ? t('Hide') : t('Reveal')}
          </Button>
          <CopyButton value={project.webhookSigningSecret} label={t('Copy signing secret')} />
        </div>
      </Card>

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        action={rotate}
        title={t('Rotate both API keys?')}
        confirmLabel={t('Rotate keys')}
      >
        <p>
          <Trans
            i18nKey="New secret and public keys are made, and the current ones stop working <strong>immediately</strong>. Every server and app using them gets refused until you put the new keys in."
            components={{ strong: <strong /> }}
          />
        </p>
      </ConfirmDialog>

      <Dialog
        open={Boolean(fresh)}
        onClose={done}
        title={t('Your new keys')}
        footer={<Button onClick={done}>{t('I have saved the secret key')}</Button>}
      >
        {fresh && <KeysOnce {...fresh} />}
      </Dialog>
    </div>
  );
}

function KeyRow({ label, help, children }: { label: string; help: string; children: ReactNode }) {
  return (
    <div className="grid gap-2 py-3 first:pt-0 last:pb-0 lg:grid-cols-[14rem_minmax(0,1fr)] lg:items-center">
      <dt>
        <div className="text-sm font-medium text-slate-900">{label}</div>
        <div className="text-xs text-slate-500">{help}</div>
      </dt>
      <dd className="flex min-w-0 items-center gap-2">{children}</dd>
    </div>
  );
}
