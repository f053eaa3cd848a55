import { useTranslation } from 'react-i18next';
import { ShowOnceSecret } from './ShowOnceSecret.tsx';

/** A newly created or rotated key pair; the secret key cannot be shown again after this. */
export function KeysOnce({ secretKey, publicKey }: { secretKey: string; publicKey: string }) {
  const { t } = useTranslation();
  return (
    <ShowOnceSecret
      values={[
        { label: t('Secret key'), value: secretKey, testId: 'secret-key' },
        { label: t('Public key'), value: publicKey, testId: 'public-key' },
      ]}
    >
      {t('The secret key is shown only this once: we keep only a fingerprint of it.')}
    </ShowOnceSecret>
  );
}
