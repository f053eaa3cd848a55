/**
 * One email of the log: its facts (its A/B variant, when a waiting one goes), every delivery attempt,
 * its events, and a retry once it FAILED.
 */
import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { Fact } from '../../components/Fact.tsx';
import { Card, PageHeader } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { StatusBadge, statusLabel } from '../../components/StatusBadge.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { type EmailDetail, emailMutations, emailQueries } from '../../queries/emails.ts';
import { useAction } from '../../queries/use-action.ts';
import { AttemptTimeline, EmailEvents } from './AttemptTimeline.tsx';
import { EMAIL_STATUS, SourceWithVia, suppressionRuleLink } from './email-status.tsx';

export function EmailPage() {
  const { emailId = '' } = useParams();
  const scope = useProject();
  const email = useQuery(emailQueries.one(scope, emailId));
  return (
    <DetailScreen query={email} back={{ to: scope.to('emails'), label: 'Email log' }} noun="email">
      {(e) => <EmailView email={e} />}
    </DetailScreen>
  );
}

function EmailView({ email }: { email: EmailDetail }) {
  const scope = useProject();
  const { to } = scope;
  const subject = email.subject || '(no subject)';
  usePageTitle(`${subject} · Email log`);
  const retry = useAction(emailMutations.retry(scope, email.id), {
    onSuccess: () => toast('Queued again: a new round of attempts starts now.'),
  });

  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="break-words">{subject}</span> <StatusBadge looks={EMAIL_STATUS} status={email.status} />
          </span>
        }
        description={`To ${email.to}, from ${email.from}`}
        actions={
          email.status === 'FAILED' ? (
            <Button
              icon={<RotateCw className="size-4" aria-hidden />}
              loading={retry.isPending}
              onClick={() => retry.mutate()}
            >
              Retry
            </Button>
          ) : undefined
        }
      />
      {email.status === 'FAILED' && email.lastError && (
        <Callout tone="danger" role="alert" title="Not delivered" className="mb-6">
          <p className="break-words">{email.lastError}</p>
        </Callout>
      )}
      {email.status === 'SUPPRESSED' && email.suppressedBy && (
        <Callout tone="warning" title="Held by suppression rule" className="mb-6">
          <p>
            This email was not sent: a {statusLabel(email.suppressedBy.reason).toLowerCase()} rule on the project's
            suppression list holds mail to {email.to}.{' '}
            <TextLink to={suppressionRuleLink(to, email.to, email.suppressedBy)}>Show the rule</TextLink>
          </p>
        </Callout>
      )}
      <dl className="mb-6 grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm lg:grid-cols-4">
        <Fact label="To">
          {email.contactId ? <TextLink to={to('contacts', email.contactId)}>{email.to}</TextLink> : email.to}
        </Fact>
        <Fact label="Source">
          {email.sourceType === 'CAMPAIGN' && email.sourceId ? (
            <TextLink to={to('campaigns', email.sourceId)}>Campaign</TextLink>
          ) : (
            <SourceWithVia email={email} />
          )}
        </Fact>
        {email.templateId && (
          <Fact label="Template">
            <TextLink to={to('templates', email.templateId)}>
              {email.templateVersion ? `Version ${email.templateVersion}` : 'The template'}
            </TextLink>
          </Fact>
        )}
        {email.variant && <Fact label="A/B variant">{email.variant}</Fact>}
        {email.scheduledAt && (
          <Fact label="Scheduled for">
            <time dateTime={email.scheduledAt}>{formatDateTime(email.scheduledAt)}</time>
          </Fact>
        )}
        <Fact label="Attempts">
          {email.attempts.length}
          {/* A retry starts a new round: attemptCount counts only its attempts. */}
          {email.attemptCount !== email.attempts.length && ` (${email.attemptCount} this round)`}
        </Fact>
        <Fact label="Created">{formatDateTime(email.createdAt)}</Fact>
        <Fact label="Sent">{formatDateTime(email.sentAt)}</Fact>
        <Fact label="Delivered">{formatDateTime(email.deliveredAt)}</Fact>
        <Fact label="Opened">{formatDateTime(email.openedAt)}</Fact>
        <Fact label="Clicked">{formatDateTime(email.clickedAt)}</Fact>
        {email.bouncedAt && <Fact label="Bounced">{formatDateTime(email.bouncedAt)}</Fact>}
        <Fact label="Message-ID" className="col-span-2 lg:col-span-4">
          <span className="break-all font-mono text-xs">{email.messageId}</span>
        </Fact>
      </dl>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card title="Delivery attempts">
          <AttemptTimeline attempts={email.attempts} held={email.status === 'SUPPRESSED'} />
        </Card>
        <Card title="Events">
          <EmailEvents events={email.events} />
        </Card>
      </div>
    </>
  );
}
