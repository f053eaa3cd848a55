/** A signing secret, shown once: after a create or a rotation, never again. */
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ShowOnceSecret } from '../../components/ShowOnceSecret.tsx';

export interface ShownSecret {
  secret: string;
  /** After a rotation the old secret still signs for a while; the note says so. */
  rotated: boolean;
}

export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={shown !== null}
      onClose={onClose}
      title={shown?.rotated ? t('Your new signing secret') : t('Your signing secret')}
      footer={<Button onClick={onClose}>{t('I have saved it')}</Button>}
    >
      {shown && (
        <div className="space-y-4 text-sm text-slate-700">
          <ShowOnceSecret values={[{ label: t('Signing secret'), value: shown.secret, testId: 'webhook-secret' }]}>
            <Trans
              i18nKey="Your endpoint verifies every message with it (the <code>webhook-signature</code> header, Standard Webhooks)."
              components={{ code: <code className="font-mono text-xs" /> }}
            />
          </ShowOnceSecret>
          {shown.rotated && (
            <p>
              {t(
                'The old secret keeps signing for 24 hours: every message carries both signatures meanwhile, so your endpoint can switch to the new one without missing any.',
              )}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
