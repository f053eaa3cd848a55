/** One webhook message in a side sheet: its state, the exact payload, every attempt, and a retry. */
import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { CodeBlock, JsonBlock } from '../../components/CodeBlock.tsx';
import { Fact } from '../../components/Fact.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { SideSheet } from '../../components/SideSheet.tsx';
import { ErrorState, LoadingRows } from '../../components/States.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { useAction } from '../../queries/use-action.ts';
import {
  type WebhookAttempt,
  type WebhookMessageDetail,
  webhookMutations,
  webhookQueries,
} from '../../queries/webhooks.ts';
import { HttpStatus, MESSAGE_STATUS } from './shared.tsx';

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
  const scope = useProject();
  const message = useQuery({
    ...webhookQueries.message(scope, endpointId, messageId ?? ''),
    enabled: messageId !== null,
  });
  const retry = useAction(webhookMutations.retry(scope, endpointId, messageId ?? ''), {
    onSuccess: () => toast('Sent again, with the same webhook-id.'),
  });
  const data = message.data;

  return (
    <SideSheet
      open={messageId !== null}
      onClose={onClose}
      title={data?.type ?? 'Message'}
      footer={
        canRetry && data ? (
          <Button
            icon={<RotateCw className="size-4" aria-hidden />}
            loading={retry.isPending}
            onClick={() => retry.mutate()}
          >
            Retry now
          </Button>
        ) : undefined
      }
    >
      {message.isPending && <LoadingRows rows={6} label="Loading the message" />}
      {message.isError && <ErrorState error={message.error} retry={() => message.refetch()} />}
      {data && <MessageDetail message={data} />}
    </SideSheet>
  );
}

function MessageDetail({ message }: { message: WebhookMessageDetail }) {
  return (
    <div className="space-y-5 text-sm">
      <dl className="grid grid-cols-2 gap-3">
        <Fact label="Status">
          <StatusBadge looks={MESSAGE_STATUS} status={message.status} />
        </Fact>
        <Fact label="Attempts">{message.attempts}</Fact>
        <Fact label="Created">{formatDateTime(message.createdAt)}</Fact>
        <Fact label="Next attempt">
          {message.status === 'PENDING' ? <RelativeTime iso={message.nextAttemptAt} /> : '—'}
        </Fact>
        <Fact label="webhook-id" className="col-span-2">
          <span className="break-all font-mono text-xs">{message.id}</span>
        </Fact>
      </dl>
      <section aria-labelledby="payload-heading">
        <h3 id="payload-heading" className="mb-1.5 text-sm font-semibold text-slate-900">
          Payload
        </h3>
        <JsonBlock label="Payload" value={message.payload} />
      </section>
      <section aria-labelledby="attempts-heading">
        <h3 id="attempts-heading" className="mb-1.5 text-sm font-semibold text-slate-900">
          Attempts
        </h3>
        {message.attemptLog.length === 0 ? (
          <p className="text-slate-500">Not tried yet.</p>
        ) : (
          <ol className="space-y-3" aria-label="Attempts, newest first">
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
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <HttpStatus status={attempt.status} />
        <time dateTime={attempt.at} className="text-slate-700">
          {formatDateTime(attempt.at)}
        </time>
        <span className="text-slate-500">{attempt.durationMs} ms</span>
      </div>
      {attempt.body ? (
        <CodeBlock label={`Response at ${formatDateTime(attempt.at)}`} text={attempt.body} short />
      ) : (
        <p className="text-xs text-slate-500">No body.</p>
      )}
    </li>
  );
}
