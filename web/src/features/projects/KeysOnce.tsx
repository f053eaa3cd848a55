import { CopyButton } from '../../components/CopyButton.tsx';

/** A newly created or rotated key pair; the secret key cannot be shown again after this. */
export function KeysOnce({ secretKey, publicKey }: { secretKey: string; publicKey: string }) {
  const keys = [
    { label: 'Secret key', value: secretKey, testId: 'secret-key' },
    { label: 'Public key', value: publicKey, testId: 'public-key' },
  ];
  return (
    <dl className="space-y-3 text-sm">
      {keys.map((key) => (
        <div key={key.testId}>
          <dt className="mb-1 font-medium text-slate-700">{key.label}</dt>
          <dd className="flex items-center gap-2">
            <code
              data-testid={key.testId}
              className="min-w-0 flex-1 truncate rounded bg-slate-100 px-2 py-1.5 font-mono text-xs"
            >
              {key.value}
            </code>
            <CopyButton value={key.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
