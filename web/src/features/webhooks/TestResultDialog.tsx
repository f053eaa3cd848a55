/** What the endpoint answered to a test message: status, time taken and the start of its body. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { CodeBlock } from '../../components/CodeBlock.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { formatNumber } from '../../lib/format.ts';
import type { TestAttempt } from '../../queries/webhooks.ts';
import { HttpStatus } from './shared.tsx';

export function TestResultDialog({ attempt, onClose }: { attempt: TestAttempt | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={attempt !== null}
      onClose={onClose}
      title={attempt?.delivered ? t('Test message delivered') : t('Test message not delivered')}
      footer={<Button onClick={onClose}>{t('Done')}</Button>}
    >
      {attempt && (
        <div className="space-y-3 text-sm text-slate-700">
          <p className="flex flex-wrap items-center gap-2" data-testid="test-result">
            <HttpStatus status={attempt.status} />
            <span>{t('in {duration} ms', { duration: formatNumber(attempt.durationMs) })}</span>
          </p>
          <p>
            {attempt.delivered
              ? t('Your endpoint took the webhook.test message. It is in the message log below.')
              : t('Anything but a 2xx answer within 10 seconds counts as a failure. The answer, or what went wrong:')}
          </p>
          {attempt.body ? (
            <CodeBlock label={t('Response body (first 1 KB)')} text={attempt.body} />
          ) : (
            <p className="text-slate-500">{t('The response had no body.')}</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
