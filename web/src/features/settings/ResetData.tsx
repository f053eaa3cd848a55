/** Settings → Security: resetting the project's data, with the reset's progress kept in the URL. */
import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useSearchParamState } from '../../lib/url-state.ts';
import { projectMutations } from '../../queries/projects.ts';
import { RESET_RUNNING, useResetProgress } from '../../queries/settings.ts';
import { useAction } from '../../queries/use-action.ts';
import { DangerZone } from './DangerZone.tsx';

export function ResetData() {
  const { t } = useTranslation();
  const scope = useProject();
  // The reset's id lives in the URL, so its progress survives a reload.
  const [resetId, setResetId] = useSearchParamState('reset');
  // The dialog enables the button only once the name is typed, so the name is the confirmation.
  const start = useAction(projectMutations.reset(scope, scope.project.name), {
    inline: true,
    onSuccess: (reset) => setResetId(reset.id),
  });
  return (
    <DangerZone
      title={t('Reset project data')}
      description={t(
        'Deletes every contact, event, email, template, campaign, segment, workflow and domain of the project. The project itself, its members, API keys and settings stay.',
      )}
      permission="project.reset"
      notice={t("Your role does not let you reset the project's data.")}
      button={t('Reset data')}
      confirm={{
        title: t('Reset {name}?', { name: scope.project.name }),
        label: t('Delete all data'),
        warning: t('This cannot be undone. All contacts, their events and every email sent are deleted for good.'),
      }}
      action={start}
      disabled={Boolean(resetId)}
    >
      {resetId && (
        <div className="border-t border-red-100 p-4">
          <ResetProgress resetId={resetId} onDismiss={() => setResetId(undefined)} />
        </div>
      )}
    </DangerZone>
  );
}

function ResetProgress({ resetId, onDismiss }: { resetId: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  const reset = useResetProgress(useProject(), resetId);
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
            {r.status === 'queued' && t('Reset queued…')}
            {r.status === 'processing' && t('Deleting the project data…')}
            {r.status === 'completed' && t('Reset complete')}
            {r.status === 'failed' && t('The reset failed')}
          </p>
          <p className="text-slate-600">
            {t('{count, plural, one {# record deleted} other {# records deleted}}', { count: r.deleted })}
            {' · '}
            {r.finishedAt
              ? t('finished {date}', { date: formatDateTime(r.finishedAt) })
              : t('started {date}', { date: formatDateTime(r.createdAt) })}
            {r.failureReason ? ` · ${r.failureReason}` : ''}
          </p>
        </div>
      </div>
      {!running && (
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          {t('Dismiss')}
        </Button>
      )}
    </div>
  );
}
