/** One execution: where it is or how it ended, each step it ran (status, times, output or error), its path on the graph. */
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { Ban, Mail } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, LinkButton } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { Fact } from '../../components/Fact.tsx';
import { Badge, Card, PageHeader } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { executionQueries, isActive } from '../../queries/executions.ts';
import { workflowQueries } from '../../queries/workflows.ts';
import { CancelExecutionDialog } from './executions/CancelExecutionDialog.tsx';
import { ExecutionData } from './executions/ExecutionData.tsx';
import { PathCanvas } from './executions/PathCanvas.tsx';
import { StepHistory } from './executions/StepHistory.tsx';
import { formatDuration, whereNow } from './executions/where-now.ts';
import { EXECUTION_STATUS, type Execution, type Workflow } from './model.ts';

export function ExecutionPage() {
  const { t } = useTranslation();
  const { workflowId = '', executionId = '' } = useParams();
  const scope = useProject();
  const execution = useQuery(executionQueries.one(scope, workflowId, executionId));
  // The graph is asked for beside the execution, not once it has come: the view needs both.
  usePrefetchQuery(workflowQueries.one(scope, workflowId));
  return (
    <DetailScreen
      query={execution}
      back={{ to: scope.to('workflows', workflowId, 'executions'), label: t('Executions') }}
      kind="execution"
      skeleton={<DetailSkeleton />}
    >
      {(e) => <ExecutionWithGraph execution={e} />}
    </DetailScreen>
  );
}

/** The execution once its workflow's graph is there too (step names, the path). */
function ExecutionWithGraph({ execution }: { execution: Execution }) {
  const { t } = useTranslation();
  const workflow = useQuery(workflowQueries.one(useProject(), execution.workflowId));
  if (workflow.isError) return <ErrorState error={workflow.error} retry={() => workflow.refetch()} />;
  if (workflow.isPending)
    return (
      <div role="status" aria-label={t('Loading the execution')}>
        <DetailSkeleton />
      </div>
    );
  return <ExecutionView execution={execution} workflow={workflow.data} />;
}

function ExecutionView({ execution: e, workflow: wf }: { execution: Execution; workflow: Workflow }) {
  const { t } = useTranslation();
  const { to } = useProject();
  const [confirm, setConfirm] = useState(false);
  const active = isActive(e.status);
  return (
    <>
      <PageHeader
        title={
          e.contactEmail ? t('Execution for {email}', { email: e.contactEmail }) : t('Execution for a deleted contact')
        }
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusBadge looks={EXECUTION_STATUS} status={e.status} />
            <span>
              <Trans
                i18nKey="In <workflow>{name}</workflow>, started {started}"
                values={{ name: wf.name, started: formatDateTime(e.startedAt) }}
                components={{ workflow: <TextLink to={to('workflows', wf.id)} /> }}
              />
            </span>
            {e.entry > 1 && <Badge>{t('Entry {entry}', { entry: e.entry })}</Badge>}
          </span>
        }
        actions={
          <>
            {e.contactEmail && (
              <LinkButton
                variant="secondary"
                to={`${to('emails')}?${new URLSearchParams({ recipient: e.contactEmail, sourceType: 'WORKFLOW' })}`}
                icon={<Mail className="size-4" aria-hidden />}
              >
                {t('Emails to this contact')}
              </LinkButton>
            )}
            {active && (
              <Button
                variant="secondary"
                icon={<Ban className="size-4" aria-hidden />}
                onClick={() => setConfirm(true)}
              >
                {t('Cancel execution')}
              </Button>
            )}
          </>
        }
      />

      <dl className="mb-6 grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm xl:grid-cols-4">
        <Fact label={t('Contact')}>
          {e.contactEmail ? (
            <TextLink to={to('contacts', e.contactId)}>{e.contactEmail}</TextLink>
          ) : (
            t('Deleted contact')
          )}
        </Fact>
        <Fact label={active ? t('Now') : t('Outcome')}>{whereNow(e, wf)}</Fact>
        <Fact label={t('Started')}>{formatDateTime(e.startedAt)}</Fact>
        <Fact label={e.endedAt ? t('Ended') : t('Running for')}>
          {e.endedAt
            ? `${formatDateTime(e.endedAt)} (${formatDuration(Date.parse(e.endedAt) - Date.parse(e.startedAt))})`
            : formatDuration(Date.now() - Date.parse(e.startedAt))}
        </Fact>
      </dl>

      {e.status === 'FAILED' && e.error && (
        <Callout tone="danger" role="alert" title={t('The execution failed')} className="mb-6">
          <p>{e.error}</p>
        </Callout>
      )}

      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card title={t('Steps')}>
          <StepHistory execution={e} workflow={wf} />
        </Card>
        <div className="space-y-6">
          <Card title={t('Path')}>
            <div className="h-96 overflow-hidden rounded-md border border-slate-100 bg-slate-50">
              <ReactFlowProvider>
                <PathCanvas execution={e} workflow={wf} />
              </ReactFlowProvider>
            </div>
          </Card>
          <ExecutionData execution={e} />
        </div>
      </div>

      {confirm && <CancelExecutionDialog workflowId={wf.id} execution={e} onClose={() => setConfirm(false)} />}
    </>
  );
}

/** The heading, facts and the two columns in grey. */
function DetailSkeleton() {
  return (
    <>
      <Skeleton className="mb-2 h-7 w-80" />
      <Skeleton className="mb-6 h-5 w-56" />
      <Skeleton className="mb-6 h-20 w-full rounded-lg" />
      <div className="grid gap-6 xl:grid-cols-2">
        <Skeleton className="h-96 rounded-lg" />
        <Skeleton className="h-96 rounded-lg" />
      </div>
    </>
  );
}
