/** An email's delivery attempts in the order they were made (each with its transport), and the events recorded for it. */
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { JsonBlock } from '../../components/CodeBlock.tsx';
import { TextLink } from '../../components/Links.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import type { EmailAttempt, EmailEvent } from '../../queries/emails.ts';
import { ATTEMPT_RESULT } from './email-status.tsx';

const ICONS = {
  ACCEPTED: <CircleCheck className="size-4 text-emerald-600" aria-hidden />,
  TEMPORARY_FAILURE: <Clock className="size-4 text-amber-600" aria-hidden />,
  PERMANENT_FAILURE: <CircleX className="size-4 text-red-600" aria-hidden />,
};

/** The attempts, oldest first; `held` when a suppression rule kept the email from ever being tried. */
export function AttemptTimeline({ attempts, held }: { attempts: EmailAttempt[]; held?: boolean }) {
  const { t } = useTranslation();
  if (attempts.length === 0) {
    return (
      <p className="text-sm text-slate-500">
        {held
          ? t('None: the email was held, never handed to a server.')
          : t('No attempt yet: the email is waiting its turn.')}
      </p>
    );
  }
  return (
    <ol aria-label={t('Delivery attempts, oldest first')} className="relative space-y-4 border-l border-slate-200 pl-5">
      {attempts.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: attempts have no id, only ever grow at the end, and two may share a time.
        <li key={i} className="relative text-sm">
          <span className="absolute -left-[1.7rem] top-0.5 rounded-full bg-white p-0.5">{ICONS[a.result]}</span>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{t('Attempt {number}', { number: i + 1 })}</span>
            <StatusBadge looks={ATTEMPT_RESULT} status={a.result} />
            {a.smtpCode ? <code className="font-mono text-xs text-slate-700">SMTP {a.smtpCode}</code> : null}
          </div>
          <p className="mt-0.5 text-xs text-slate-500">
            <Trans
              i18nKey="<time/> · via <transport/> · {duration, number} ms"
              values={{ duration: a.durationMs }}
              components={{
                time: <time dateTime={a.at}>{formatDateTime(a.at)}</time>,
                transport: <TransportName attempt={a} />,
              }}
            />
          </p>
          {a.response && (
            <p className="mt-1 break-words rounded bg-slate-50 px-2 py-1 font-mono text-xs text-slate-700">
              {a.response}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * The transport an attempt went through: the server's (capture, smtp, ses) or, by name, one of the
 * project's own, linked to the transports screen.
 */
function TransportName({ attempt }: { attempt: EmailAttempt }) {
  const { to } = useProject();
  if (!attempt.transportId) return <>{attempt.transport}</>;
  return <TextLink to={to('transports')}>{attempt.transport}</TextLink>;
}

export function EmailEvents({ events }: { events: EmailEvent[] }) {
  const { t } = useTranslation();
  if (events.length === 0) {
    return (
      <p className="text-sm text-slate-500">{t('No events yet (deliveries, opens, clicks, bounces show up here).')}</p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {events.map((e) => {
        const data = Object.keys(e.data).length > 0 ? e.data : undefined;
        return (
          <li key={e.id} className="py-2 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <code className="font-mono text-xs font-medium text-slate-900">{e.name}</code>
              <time dateTime={e.createdAt} className="text-xs text-slate-500">
                {formatDateTime(e.createdAt)}
              </time>
            </div>
            {data && (
              <div className="mt-1.5">
                <JsonBlock label={t('Data of {event}', { event: e.name })} value={data} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
