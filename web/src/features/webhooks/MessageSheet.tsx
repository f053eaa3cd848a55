/** One webhook message in a side sheet: its state, the exact payload, every attempt, and a retry. */
import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { CodeBlock, JsonBlock } from '../../components/CodeBlock.tsx';
import { Fact } from '../../components/Fact.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { SideSheet } from '../../components/SideSheet.tsx';
import { ErrorState, LoadingRows } from '../../components/States.tsx';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { useAction } from '../../queries/use-action.ts';
import {
  type WebhookAttempt,
  type WebhookMessageDetail,
  webhookMutations,
  webhookQueries,
} from '../../queries/webhooks.ts';
import { HttpStatus, MessageStatusBadge } from './shared.tsx';

export function MessageSheet({
  endpointId,
  messageId,
  canRetry,
  onClose,
}: {
  endpointId: string;
  messageId: string | null;
  canRetry: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const scope = useProject();
  const message = useQuery({
    ...webhookQueries.message(scope, endpointId, messageId ?? ''),
    enabled: messageId !== null,
  });
  const retry = useAction(webhookMutations.retry(scope, endpointId, messageId ?? ''), {
    onSuccess: () => toast(t('Sent again, with the same webhook-id.')),
  });
  const data = message.data;

  return (
    <SideSheet
      open={messageId !== null}
      onClose={onClose}
      title={data?.type ?? t('Message')}
      footer={
        canRetry && data ? (
          <Button
            icon={<RotateCw className="size-4" aria-hidden />}
            loading={retry.isPending}
            onClick={() => retry.mutate()}
          >
            {t('Retry now')}
          </Button>
        ) : undefined
      }
    >
      {message.isPending && <LoadingRows rows={6} label={t('Loading the message')} />}
      {message.isError && <ErrorState error={message.error} retry={() => message.refetch()} />}
      {data && <MessageDetail message={data} />}
    </SideSheet>
  );
}

function MessageDetail({ message }: { message: WebhookMessageDetail }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-5 text-sm">
      <dl className="grid grid-cols-2 gap-3">
        <Fact label={t('Status')}>
          <MessageStatusBadge status={message.status} />
        </Fact>
        <Fact label={t('Attempts')}>{message.attempts}</Fact>
        <Fact label={t('Created')}>{formatDateTime(message.createdAt)}</Fact>
        <Fact label={t('Next attempt')}>
          {message.status === 'PENDING' ? <RelativeTime iso={message.nextAttemptAt} /> : '—'}
        </Fact>
        {/* i18n-ignore: the header's name, as the endpoint receives it */}
        <Fact label="webhook-id" className="col-span-2">
          <span className="break-all font-mono text-xs">{message.id}</span>
        </Fact>
      </dl>
      <section aria-labelledby="payload-heading">
        <h3 id="payload-heading" className="mb-1.5 text-sm font-semibold text-slate-900">
          {t('Payload')}
        </h3>
        <JsonBlock label={t('Payload')} value={message.payload} />
      </section>
      <section aria-labelledby="attempts-heading">
        <h3 id="attempts-heading" className="mb-1.5 text-sm font-semibold text-slate-900">
          {t('Attempts')}
        </h3>
        {message.attemptLog.length === 0 ? (
          <p className="text-slate-500">{t('Not tried yet.')}</p>
        ) : (
          <ol className="space-y-3" aria-label={t('Attempts, newest first')}>
            {[...message.attemptLog].reverse().map((a) => (
              <AttemptItem key={a.id} attempt={a} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function AttemptItem({ attempt }: { attempt: WebhookAttempt }) {
  const { t } = useTranslation();
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <HttpStatus status={attempt.status} />
        <time dateTime={attempt.at} className="text-slate-700">
          {formatDateTime(attempt.at)}
        </time>
        <span className="text-slate-500">{t('{duration} ms', { duration: formatNumber(attempt.durationMs) })}</span>
      </div>
      {attempt.body ? (
        <CodeBlock label={t('Response at {time}', { time: formatDateTime(attempt.at) })} text={attempt.body} short />
      ) : (
        <p className="text-xs text-slate-500">{t('No body.')}</p>
      )}
    </li>
  );
}
