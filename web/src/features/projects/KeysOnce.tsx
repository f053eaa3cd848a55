import { CopyButton } from '../../components/CopyButton.tsx';

/** A newly created or rotated key pair; the secret key cannot be shown again after this. */
export function KeysOnce({ secretKey, publicKey }: { secretKey: string; publicKey: string }) {
  return (
    <dl className="space-y-3 text-sm">
      <div>
        <dt className="mb-1 font-medium text-slate-700">Secret key</dt>
        <dd className="flex items-center gap-2">
          <code
            data-testid="secret-key"
            className="min-w-0 flex-1 truncate rounded bg-slate-100 px-2 py-1.5 font-mono text-xs"
          >
            {secretKey}
          </code>
          <CopyButton value={secretKey} />
        </dd>
      </div>
      <div>
        <dt className="mb-1 font-medium text-slate-700">Public key</dt>
        <dd className="flex items-center gap-2">
          <code
            data-testid="public-key"
            className="min-w-0 flex-1 truncate rounded bg-slate-100 px-2 py-1.5 font-mono text-xs"
          >
            {publicKey}
          </code>
          <CopyButton value={publicKey} />
        </dd>
      </div>
    </dl>
  );
}
