/** What a connection test found: it connected and authenticated, or what the server (or the network) answered. */
import { CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { CodeBlock } from '../../components/CodeBlock.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { formatNumber } from '../../lib/format.ts';
import type { TransportTest } from '../../queries/transports.ts';

export function TestResultDialog({
  name,
  result,
  onClose,
}: {
  name: string;
  result: TransportTest | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={result !== null}
      onClose={onClose}
      title={result?.ok ? t('Connection works') : t('Connection failed')}
      footer={<Button onClick={onClose}>{t('Done')}</Button>}
    >
      {result && (
        <div className="space-y-3 text-sm text-slate-700" data-testid="transport-test-result">
          <p className="flex items-start gap-2">
            {result.ok ? (
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
            ) : (
              <CircleX className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden />
            )}
            <span>
              {result.ok
                ? t('{name} took the connection and the credentials. Nothing was sent.', { name })
                : t(
                    '{name} could not be reached or refused the credentials. Nothing was sent. The answer, or what went wrong:',
                    { name },
                  )}
              {result.durationMs === undefined ? null : (
                <span className="text-slate-500">
                  {' '}
                  ({t('{duration} ms', { duration: formatNumber(result.durationMs) })})
                </span>
              )}
            </span>
          </p>
          {result.response ? (
            <CodeBlock label={t("The server's answer")} text={result.response} short />
          ) : (
            <p className="text-slate-500">{t('No answer was recorded.')}</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
