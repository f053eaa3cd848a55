/**
 * One email of the log: its facts (its A/B variant, when a waiting one goes), every delivery attempt,
 * its events, and a retry once it FAILED.
 */
import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { Fact } from '../../components/Fact.tsx';
import { Card, PageHeader } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { type EmailDetail, emailMutations, emailQueries } from '../../queries/emails.ts';
import { useAction } from '../../queries/use-action.ts';
import { AttemptTimeline, EmailEvents } from './AttemptTimeline.tsx';
import { EMAIL_STATUS, SourceWithVia, suppressionRuleLink } from './email-status.tsx';

export function EmailPage() {
  const { t } = useTranslation();
  const { emailId = '' } = useParams();
  const scope = useProject();
  const email = useQuery(emailQueries.one(scope, emailId));
  return (
    <DetailScreen query={email} back={{ to: scope.to('emails'), label: t('Email log') }} kind="email">
      {(e) => <EmailView email={e} />}
    </DetailScreen>
  );
}

function EmailView({ email }: { email: EmailDetail }) {
  const { t } = useTranslation();
  const scope = useProject();
  const { to } = scope;
  const subject = email.subject || t('(no subject)');
  usePageTitle(`${subject} · ${t('Email log')}`);
  const retry = useAction(emailMutations.retry(scope, email.id), {
    onSuccess: () => toast(t('Queued again: a new round of attempts starts now.')),
  });

  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="break-words">{subject}</span> <StatusBadge looks={EMAIL_STATUS} status={email.status} />
          </span>
        }
        description={t('To {to}, from {from}', { to: email.to, from: email.from })}
        actions={
          email.status === 'FAILED' ? (
            <Button
              icon={<RotateCw className="size-4" aria-hidden />}
              loading={retry.isPending}
              onClick={() => retry.mutate()}
            >
              {t('Retry')}
            </Button>
          ) : undefined
        }
      />
      {email.status === 'FAILED' && email.lastError && (
        <Callout tone="danger" role="alert" title={t('Not delivered')} className="mb-6">
          <p className="break-words">{email.lastError}</p>
        </Callout>
      )}
      {email.status === 'SUPPRESSED' && email.suppressedBy && (
        <Callout tone="warning" title={t('Held by suppression rule')} className="mb-6">
          <p>
            {t(
              "{reason, select, BOUNCE {This email was not sent: a bounce rule on the project's suppression list holds mail to {address}.} COMPLAINT {This email was not sent: a complaint rule on the project's suppression list holds mail to {address}.} MANUAL {This email was not sent: a manual rule on the project's suppression list holds mail to {address}.} ERASED {This email was not sent: an erased rule on the project's suppression list holds mail to {address}.} other {This email was not sent: a rule on the project's suppression list holds mail to {address}.}}",
              { reason: email.suppressedBy.reason, address: email.to },
            )}{' '}
            <TextLink to={suppressionRuleLink(to, email.to, email.suppressedBy)}>{t('Show the rule')}</TextLink>
          </p>
        </Callout>
      )}
      <dl className="mb-6 grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm lg:grid-cols-4">
        <Fact label={t('To')}>
          {email.contactId ? <TextLink to={to('contacts', email.contactId)}>{email.to}</TextLink> : email.to}
        </Fact>
        <Fact label={t('Source')}>
          {email.sourceType === 'CAMPAIGN' && email.sourceId ? (
            <TextLink to={to('campaigns', email.sourceId)}>{t('Campaign')}</TextLink>
          ) : (
            <SourceWithVia email={email} />
          )}
        </Fact>
        {email.templateId && (
          <Fact label={t('Template')}>
            <TextLink to={to('templates', email.templateId)}>
              {email.templateVersion ? t('Version {n}', { n: email.templateVersion }) : t('The template')}
            </TextLink>
          </Fact>
        )}
        {email.variant && <Fact label={t('A/B variant')}>{email.variant}</Fact>}
        {email.scheduledAt && (
          <Fact label={t('Scheduled for')}>
            <time dateTime={email.scheduledAt}>{formatDateTime(email.scheduledAt)}</time>
          </Fact>
        )}
        <Fact label={t('Attempts')}>
          {/* A retry starts a new round: attemptCount counts only its attempts. */}
          {email.attemptCount !== email.attempts.length
            ? t('{total, number} ({round, number} this round)', {
                total: email.attempts.length,
                round: email.attemptCount,
              })
            : email.attempts.length}
        </Fact>
        <Fact label={t('Created')}>{formatDateTime(email.createdAt)}</Fact>
        <Fact label={t('Sent')}>{formatDateTime(email.sentAt)}</Fact>
        <Fact label={t('Delivered')}>{formatDateTime(email.deliveredAt)}</Fact>
        <Fact label={t('Opened')}>{formatDateTime(email.openedAt)}</Fact>
        <Fact label={t('Clicked')}>{formatDateTime(email.clickedAt)}</Fact>
        {email.bouncedAt && <Fact label={t('Bounced')}>{formatDateTime(email.bouncedAt)}</Fact>}
        {/* i18n-ignore: the header's own name. */}
        <Fact label="Message-ID" className="col-span-2 lg:col-span-4">
          <span className="break-all font-mono text-xs">{email.messageId}</span>
        </Fact>
      </dl>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card title={t('Delivery attempts')}>
          <AttemptTimeline attempts={email.attempts} held={email.status === 'SUPPRESSED'} />
        </Card>
        <Card title={t('Events')}>
          <EmailEvents events={email.events} />
        </Card>
      </div>
    </>
  );
}
