/** Pieces of the transports screen: who may change them, a transport's state, its kind and streams, the permission notice. */
import { Trans, useTranslation } from 'react-i18next';
import { can, type Project } from '../../api/session.ts';
import { Badge } from '../../components/Layout.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import type { Transport } from '../../queries/transports.ts';
import { describeSmtpUrl } from './smtp-url.ts';
import { STREAMS } from './transport-draft.ts';

/** Whether the member may add, change, test and delete transports: they hold credentials and decide how mail leaves. */
export function canManageTransports(project: Pick<Project, 'permissions'>): boolean {
  return can(project, 'transports.manage');
}

/** Passed over after failing 5 times in a row, until `pausedUntil`. */
export function isPaused(t: Pick<Transport, 'pausedUntil'>, now = Date.now()): boolean {
  return Boolean(t.pausedUntil && new Date(t.pausedUntil).getTime() > now);
}

export function TransportState({ transport: tr }: { transport: Transport }) {
  const { t } = useTranslation();
  const failures = tr.consecutiveFailures ?? 0;
  return (
    <span className="flex flex-col items-start gap-0.5">
      {!tr.enabled ? (
        <Badge>{t('Disabled')}</Badge>
      ) : isPaused(tr) ? (
        <Badge tone="yellow">{t('Paused')}</Badge>
      ) : (
        <Badge tone="green">{t('Enabled')}</Badge>
      )}
      {tr.enabled && isPaused(tr) && (
        <span className="text-xs text-amber-800">
          <Trans i18nKey="Tried again <time/>" components={{ time: <RelativeTime iso={tr.pausedUntil} /> }} />
        </span>
      )}
      {failures > 0 && (
        <span className="text-xs text-slate-500">
          {t('{count, plural, one {# failure} other {# failures}} in a row', { count: failures })}
        </span>
      )}
    </span>
  );
}

/** "user@smtp.example.com:587" or "SES eu-west-1". */
export function connectionOf(t: Transport): string {
  if (t.kind === 'SES') return `SES ${t.ses?.region ?? ''}${t.ses?.endpoint ? ` (${t.ses.endpoint})` : ''}`;
  return describeSmtpUrl(t.url);
}

export function KindBadge({ kind }: { kind: Transport['kind'] }) {
  const { t } = useTranslation();
  return <Badge tone={kind === 'SES' ? 'blue' : 'brand'}>{kind === 'SES' ? t('Amazon SES') : 'SMTP'}</Badge>;
}

export function StreamList({ streams }: { streams: Transport['streams'] }) {
  const { t } = useTranslation();
  if (streams.length === 0) return <span className="text-slate-500">{t('None')}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {STREAMS.filter((s) => streams.includes(s.value)).map((s) => (
        <Badge key={s.value}>{t(s.label)}</Badge>
      ))}
    </span>
  );
}

/** Shown to whoever may not change transports: the list stays readable, the actions are hidden. */
export function TransportsNotice() {
  const { t } = useTranslation();
  return (
    <PermissionNotice permission="transports.manage">
      {t('You can see the transports. Your role does not let you add, change or test them.')}
    </PermissionNotice>
  );
}
