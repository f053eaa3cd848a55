import { ShowOnceSecret } from './ShowOnceSecret.tsx';

/** A newly created or rotated key pair; the secret key cannot be shown again after this. */
export function KeysOnce({ secretKey, publicKey }: { secretKey: string; publicKey: string }) {
  return (
    <ShowOnceSecret
      values={[
        { label: 'Secret key', value: secretKey, testId: 'secret-key' },
        { label: 'Public key', value: publicKey, testId: 'public-key' },
      ]}
    >
      The secret key is shown only this once: we keep only a fingerprint of it.
    </ShowOnceSecret>
  );
}
