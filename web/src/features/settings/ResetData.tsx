/** Settings → Security: resetting the project's data, with the reset's progress kept in the URL. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { can } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { TypeToConfirmDialog } from '../../components/TypeToConfirmDialog.tsx';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useSearchParamState } from '../../lib/url-state.ts';
import { projectDataKey } from '../../queries/keys.ts';
import { RESET_RUNNING, settingsQueries } from '../../queries/settings.ts';

export function ResetData() {
  const scope = useProject();
  const { api, project, projectId } = scope;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // The reset's id lives in the URL, so its progress survives a reload.
  const [resetId, setResetId] = useSearchParamState('reset');
  const start = useMutation({
    // The dialog enables the button only once the name is typed, so the name is the confirmation.
    mutationFn: () =>
      api.post('/users/@me/projects/{id}/reset', { path: { id: projectId }, body: { confirm: project.name } }),
    meta: { errorShownInline: true },
    onSuccess: (reset) => {
      queryClient.setQueryData(settingsQueries.reset(scope, reset.id).queryKey, reset);
      setResetId(reset.id);
      setOpen(false);
    },
  });
  const allowed = can(project, 'project.reset');
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
          <ResetProgress resetId={resetId} onDismiss={() => setResetId(undefined)} />
        </div>
      )}
      <TypeToConfirmDialog
        open={open}
        onClose={() => {
          setOpen(false);
          start.reset();
        }}
        onConfirm={() => start.mutate()}
        busy={start.isPending}
        title={`Reset ${project.name}?`}
        confirmText={project.name}
        confirmLabel="Delete all data"
      >
        <div className="space-y-3">
          <p>This cannot be undone. All contacts, their events and every email sent are deleted for good.</p>
          <FormError error={start.error} />
        </div>
      </TypeToConfirmDialog>
    </section>
  );
}

function ResetProgress({ resetId, onDismiss }: { resetId: string; onDismiss: () => void }) {
  const scope = useProject();
  const queryClient = useQueryClient();
  const reset = useQuery(settingsQueries.reset(scope, resetId));
  const status = reset.data?.status;
  useEffect(() => {
    // A finished reset made every list of the project stale (this query keeps its own answer).
    if (status !== 'completed') return;
    const own = settingsQueries.all(scope.projectId);
    queryClient.invalidateQueries({
      queryKey: projectDataKey(scope.projectId),
      predicate: (q) => q.queryKey[2] !== own[2],
    });
  }, [status, scope.projectId, queryClient]);
  if (reset.isPending) return <Skeleton className="h-12 w-full" />;
  if (reset.isError) return <ErrorState error={reset.error} retry={() => reset.refetch()} />;
  const r = reset.data;
  const running = RESET_RUNNING.includes(r.status);
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
