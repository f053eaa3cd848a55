/** A signing secret, shown once: after a create or a rotation, never again. */
import { KeyRound } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Dialog } from '../../components/Dialog.tsx';

export interface ShownSecret {
  secret: string;
  /** After a rotation the old secret still signs for a while; the note says so. */
  rotated: boolean;
}

export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  return (
    <Dialog
      open={shown !== null}
      onClose={onClose}
      title={shown?.rotated ? 'Your new signing secret' : 'Your signing secret'}
      footer={<Button onClick={onClose}>I have saved it</Button>}
    >
      {shown && (
        <div className="space-y-4 text-sm text-slate-700">
          <div className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
            <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>
              <strong>Copy it now: you won't see it again.</strong> Your endpoint verifies every message with it (the{' '}
              <code className="font-mono text-xs">webhook-signature</code> header, Standard Webhooks).
            </p>
          </div>
          <div className="flex items-center gap-2">
            <span className="sr-only">Signing secret:</span>
            <code
              data-testid="webhook-secret"
              className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1.5 font-mono text-xs"
            >
              {shown.secret}
            </code>
            <CopyButton value={shown.secret} label="Copy secret" />
          </div>
          {shown.rotated && (
            <p>
              The old secret keeps signing for 24 hours: every message carries both signatures meanwhile, so your
              endpoint can switch to the new one without missing any.
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
