/** One email of the log: its facts, every delivery attempt, its events, and a retry once it FAILED. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { AlertTriangle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Fact } from '../../components/Fact.tsx';
import { Card, PageHeader } from '../../components/Layout.tsx';
import { BackLink, TextLink } from '../../components/Links.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { activityQueries } from '../../queries/activity.ts';
import { type EmailDetail, emailQueries } from '../../queries/emails.ts';
import { AttemptTimeline, EmailEvents } from './AttemptTimeline.tsx';
import { EmailStatusBadge, SourceWithVia } from './email-status.tsx';

export function EmailPage() {
  const { emailId = '' } = useParams();
  const scope = useProject();
  const email = useQuery(emailQueries.one(scope, emailId));
  const back = <BackLink to={scope.to('emails')}>Email log</BackLink>;

  if (email.isPending) {
    return (
      <div role="status" aria-label="Loading the email">
        {back}
        <Skeleton className="mb-2 h-7 w-96 max-w-full" />
        <Skeleton className="mb-6 h-5 w-64" />
        <Skeleton className="mb-6 h-32 w-full rounded-lg" />
        <Skeleton className="h-64 w-full rounded-lg" />
      </div>
    );
  }
  if (email.isError) {
    const missing = email.error instanceof ApiError && email.error.status === 404;
    return (
      <>
        {back}
        <PageHeader title={missing ? 'Email not found' : 'Email'} />
        {missing ? (
          <EmptyState title="This email does not exist" description="The link may belong to another project." />
        ) : (
          <ErrorState error={email.error} retry={() => email.refetch()} />
        )}
      </>
    );
  }
  return <EmailView email={email.data} back={back} />;
}

function EmailView({ email, back }: { email: EmailDetail; back: ReactNode }) {
  const { api, projectId, to } = useProject();
  const subject = email.subject || '(no subject)';
  usePageTitle(`${subject} · Email log`);
  const retry = useMutation({
    mutationFn: () => api.post('/emails/{id}/retry', { path: { id: email.id } }),
    meta: { invalidates: [emailQueries.all(projectId), activityQueries.all(projectId)] },
    onSuccess: () => toast('Queued again: a new round of attempts starts now.'),
  });

  return (
    <>
      {back}
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="break-words">{subject}</span> <EmailStatusBadge status={email.status} />
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
        <div
          role="alert"
          className="mb-6 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div>
            <p className="font-medium">Not delivered</p>
            <p className="mt-0.5 break-words">{email.lastError}</p>
          </div>
        </div>
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
          <AttemptTimeline attempts={email.attempts} />
        </Card>
        <Card title="Events">
          <EmailEvents events={email.events} />
        </Card>
      </div>
    </>
  );
}
