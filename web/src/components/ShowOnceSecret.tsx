/**
 * A secret the API shows once (a project's keys, a webhook's signing secret): the warning that it
 * will not be shown again, then each value with a copy button. No later screen or answer has it.
 */
import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { inSentence } from '../lib/format.ts';
import { Callout } from './Callout.tsx';
import { CopyButton } from './CopyButton.tsx';

export interface SecretValue {
  label: string;
  value: string;
  /** The value's `data-testid` (tests read the secret from the screen, as a person copies it). */
  testId: string;
}

export function ShowOnceSecret({ values, children }: { values: SecretValue[]; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <Callout tone="warning" icon={<KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden />}>
        <p>
          <strong>{t("Copy it now: you won't see it again.")}</strong> {children}
        </p>
      </Callout>
      <dl className="space-y-3">
        {values.map((v) => (
          <div key={v.testId}>
            <dt className="mb-1 font-medium text-slate-700">{v.label}</dt>
            <dd className="flex items-center gap-2">
              <code
                data-testid={v.testId}
                className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1.5 font-mono text-xs"
              >
                {v.value}
              </code>
              <CopyButton value={v.value} label={t('Copy {name}', { name: inSentence(v.label) })} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
