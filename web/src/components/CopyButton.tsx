import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies `value` to the clipboard and says so for two seconds. */
export function CopyButton({ value, label: given }: { value: string; label?: string }) {
  const { t } = useTranslation();
  const label = given ?? t('Copy');
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={copied ? t('Copied') : label}
      title={label}
      onClick={async () => {
        await navigator.clipboard?.writeText(value).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
      className="inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-2 py-1 text-xs text-slate-700 hover:bg-slate-50"
    >
      {copied ? <Check className="size-3.5 text-emerald-600" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
      {copied ? t('Copied') : label}
    </button>
  );
}
