import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Loader2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Operation, ResponseBody } from '../../../../client/index.ts';
import { fieldError } from '../../api/client.ts';
import { projectsKey } from '../../api/session.ts';
import { projectKey, useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextInput } from '../../components/Field.tsx';
import { Badge, Card } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, FormError, LoadingRows, Skeleton } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { useToast } from '../../components/Toast.tsx';
import { cx } from '../../lib/cx.ts';
import { formatDateTime, formatNumber, formatPercent } from '../../lib/format.ts';
import { levelOf } from './form.ts';
import { can } from './permissions.ts';

type Security = ResponseBody<Operation<'/projects/{id}/security', 'get'>>;
type Suspension = Security['suspensions'][number];
type Reset = ResponseBody<Operation<'/users/@me/projects/{id}/resets/{resetId}', 'get'>>;

const securityKey = (projectId: string) => projectKey(projectId, 'security');

const REASON: Record<Suspension['reason'], string> = {
  BOUNCE_RATE: 'Bounce rate too high',
  COMPLAINT_RATE: 'Too many spam complaints',
};

/** Settings → Security: sending health against the suspension thresholds, suspensions, and resetting the data. */
export function SecuritySettings() {
  const { api, projectId } = useProject();
  const security = useQuery({
    queryKey: securityKey(projectId),
    queryFn: () => api.get('/projects/{id}/security', { path: { id: projectId } }),
  });
  return (
    <div className="space-y-6">
      {security.isError && <ErrorState error={security.error} retry={() => security.refetch()} />}
      {security.data?.disabled && <Suspended security={security.data} />}
      <Card title="Sending health">
        {security.isPending ? (
          <div role="status" aria-label="Loading the sending health" className="space-y-4">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : security.data ? (
          <Health security={security.data} />
        ) : null}
      </Card>
      <Card title="Suspension history">
        {security.isPending && <LoadingRows rows={1} label="Loading suspensions" />}
        {security.data &&
          (security.data.suspensions.length === 0 ? (
            <EmptyState
              icon={<ShieldCheck className="size-8" aria-hidden />}
              title="Never suspended"
              description="Keep lists clean and only mail people who asked for it, and it stays that way."
            />
          ) : (
            <SuspensionTable suspensions={security.data.suspensions} />
          ))}
      </Card>
      <ResetData />
    </div>
  );
}

function Health({ security }: { security: Security }) {
  const { thresholds, window } = security;
  const belowVolume = security.sent < thresholds.minVolume;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        Over the last {window.days} days (since {formatDateTime(window.since)}): {count(security.sent, 'email')} sent,{' '}
        {count(security.bounced, 'hard bounce')}, {count(security.complained, 'spam complaint')}. Sending is suspended
        automatically when a rate reaches its limit, to protect your domain's reputation
        {belowVolume
          ? `; that check starts once ${formatNumber(thresholds.minVolume)} emails were sent in the window.`
          : '.'}
      </p>
      <RateMeter label="Bounce rate" rate={security.bounceRate} limit={thresholds.bounceRate} />
      <RateMeter label="Complaint rate" rate={security.complaintRate} limit={thresholds.complaintRate} />
    </div>
  );
}

const count = (n: number, noun: string) => `${formatNumber(n)} ${noun}${n === 1 ? '' : 's'}`;

/** A rate on a scale up to twice its limit, with the limit marked in the middle. */
function RateMeter({ label, rate, limit }: { label: string; rate: number; limit: number }) {
  const ratio = limit > 0 ? rate / limit : rate > 0 ? 1 : 0;
  const level = levelOf(ratio);
  const width = Math.min(100, ratio * 50);
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-900">{label}</span>
        <span className="tabular-nums text-slate-700">
          <span
            className={cx(
              'font-semibold',
              level === 'ok' ? 'text-emerald-700' : level === 'warn' ? 'text-amber-700' : 'text-red-700',
            )}
          >
            {formatPercent(rate)}
          </span>{' '}
          <span className="text-slate-500">· limit {formatPercent(limit)}</span>
        </span>
      </div>
      <div aria-hidden className="relative h-2.5 rounded-full bg-slate-100">
        <div
          className={cx(
            'h-full rounded-full',
            level === 'ok' ? 'bg-emerald-500' : level === 'warn' ? 'bg-amber-500' : 'bg-red-600',
          )}
          style={{ width: `${width}%` }}
        />
        <div className="absolute inset-y-[-3px] left-1/2 w-0.5 bg-slate-500" title={`Limit ${formatPercent(limit)}`} />
      </div>
    </div>
  );
}

function Suspended({ security }: { security: Security }) {
  const { api, project, projectId } = useProject();
  const queryClient = useQueryClient();
  const toast = useToast();
  const current = security.suspensions.find((s) => s.liftedAt === null);
  const reinstate = useMutation({
    mutationFn: () => api.post('/users/@me/projects/{id}/reinstate', { path: { id: projectId } }),
    onSuccess: (next) => {
      queryClient.setQueryData(securityKey(projectId), next);
      queryClient.invalidateQueries({ queryKey: projectsKey });
      toast('Project reinstated: sending is back on.');
    },
  });
  return (
    <section
      aria-labelledby="suspended-heading"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <div className="flex items-start gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
        <div className="flex-1 space-y-2">
          <h2 id="suspended-heading" className="font-semibold">
            Sending is suspended
          </h2>
          <p>
            {current
              ? `${REASON[current.reason]}: ${formatPercent(current.reason === 'BOUNCE_RATE' ? current.bounceRate : current.complaintRate)} on ${formatDateTime(current.createdAt)}. `
              : ''}
            API keys are refused and queued mail is held back. Clean the list (remove addresses that bounce or
            complain), then reinstate the project.
          </p>
          <FormError error={reinstate.error} />
          {can(project.role, 'project.reinstate') ? (
            <Button variant="primary" onClick={() => reinstate.mutate()} loading={reinstate.isPending}>
              Reinstate project
            </Button>
          ) : (
            <p className="text-red-800">Only an Owner can reinstate the project.</p>
          )}
        </div>
      </div>
    </section>
  );
}

function SuspensionTable({ suspensions }: { suspensions: Suspension[] }) {
  return (
    <Table<Suspension>
      caption="Suspensions, newest first"
      rows={suspensions}
      rowKey={(s) => s.id}
      columns={[
        { key: 'when', header: 'Suspended', cell: (s) => formatDateTime(s.createdAt) },
        { key: 'reason', header: 'Reason', cell: (s) => REASON[s.reason] },
        {
          key: 'rates',
          header: 'Rates then',
          className: 'tabular-nums',
          cell: (s) =>
            `${formatPercent(s.bounceRate)} bounces · ${formatPercent(s.complaintRate)} complaints of ${formatNumber(s.sent)}`,
        },
        {
          key: 'lifted',
          header: 'Lifted',
          cell: (s) => (s.liftedAt ? formatDateTime(s.liftedAt) : <Badge tone="red">Active</Badge>),
        },
      ]}
    />
  );
}

function ResetData() {
  const { api, project, projectId } = useProject();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const resetId = params.get('reset');
  const start = useMutation({
    mutationFn: () => api.post('/users/@me/projects/{id}/reset', { path: { id: projectId }, body: { confirm: typed } }),
    onSuccess: (reset) => {
      queryClient.setQueryData(projectKey(projectId, 'reset', reset.id), reset);
      // The reset's id lives in the URL, so its progress survives a reload.
      setParams({ reset: reset.id }, { replace: true });
      setOpen(false);
      setTyped('');
    },
  });
  const allowed = can(project.role, 'project.reset');
  return (
    <section aria-labelledby="reset-heading" className="rounded-lg border border-red-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-4 p-4">
        <div className="max-w-2xl">
          <h2 id="reset-heading" className="text-sm font-semibold text-red-700">
            Reset project data
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Deletes every contact, event, email, template, campaign, segment, workflow and domain of the project. The
            project itself, its members, API keys and settings stay. {!allowed && 'Only an Owner can do this.'}
          </p>
        </div>
        {allowed && (
          <Button variant="danger" onClick={() => setOpen(true)} disabled={Boolean(resetId)}>
            Reset data
          </Button>
        )}
      </div>
      {resetId && (
        <div className="border-t border-red-100 p-4">
          <ResetProgress resetId={resetId} onDismiss={() => setParams({}, { replace: true })} />
        </div>
      )}
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          setTyped('');
          start.reset();
        }}
        title={`Reset ${project.name}?`}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setOpen(false);
                setTyped('');
              }}
            >
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={typed !== project.name}
              loading={start.isPending}
              onClick={() => start.mutate()}
            >
              Delete all data
            </Button>
          </>
        }
      >
        <div className="space-y-3 text-sm text-slate-600">
          <p>This cannot be undone. All contacts, their events and every email sent are deleted for good.</p>
          <FormError error={start.error && !fieldError(start.error, 'confirm') ? start.error : null} />
          <TextInput
            label={`Type ${project.name} to confirm`}
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={fieldError(start.error, 'confirm')}
          />
        </div>
      </Dialog>
    </section>
  );
}

const RUNNING: Array<Reset['status']> = ['queued', 'processing'];

function ResetProgress({ resetId, onDismiss }: { resetId: string; onDismiss: () => void }) {
  const { api, projectId } = useProject();
  const queryClient = useQueryClient();
  const reset = useQuery({
    queryKey: projectKey(projectId, 'reset', resetId),
    queryFn: async () => {
      const r = await api.get('/users/@me/projects/{id}/resets/{resetId}', { path: { id: projectId, resetId } });
      if (r.status === 'completed') {
        // Every list of the project is stale now (this query keeps its own answer).
        queryClient.invalidateQueries({
          queryKey: ['project', projectId],
          predicate: (q) => q.queryKey[2] !== 'reset',
        });
      }
      return r;
    },
    refetchInterval: (q) => (q.state.data && !RUNNING.includes(q.state.data.status) ? false : 1000),
  });
  if (reset.isPending) return <Skeleton className="h-12 w-full" />;
  if (reset.isError) return <ErrorState error={reset.error} retry={() => reset.refetch()} />;
  const r = reset.data;
  const running = RUNNING.includes(r.status);
  return (
    <div role="status" aria-live="polite" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex items-center gap-3">
        {running ? (
          <Loader2 className="size-5 animate-spin text-brand-600" aria-hidden />
        ) : r.status === 'completed' ? (
          <CheckCircle2 className="size-5 text-emerald-600" aria-hidden />
        ) : (
          <AlertTriangle className="size-5 text-red-600" aria-hidden />
        )}
        <div>
          <p className="font-medium text-slate-900">
            {r.status === 'queued' && 'Reset queued…'}
            {r.status === 'processing' && 'Deleting the project data…'}
            {r.status === 'completed' && 'Reset complete'}
            {r.status === 'failed' && 'The reset failed'}
          </p>
          <p className="text-slate-600">
            {formatNumber(r.deleted)} records deleted
            {r.finishedAt ? ` · finished ${formatDateTime(r.finishedAt)}` : ` · started ${formatDateTime(r.createdAt)}`}
            {r.failureReason ? ` · ${r.failureReason}` : ''}
          </p>
        </div>
      </div>
      {!running && (
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      )}
    </div>
  );
}
