import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { lastProject, useMe, useProjects } from '../api/session.ts';
import { ErrorState, Skeleton } from '../components/States.tsx';

/** `/`: the last project used, else the first, else project creation; sign-in when signed out. */
export function RootRedirect() {
  const { t } = useTranslation();
  const me = useMe();
  const projects = useProjects(Boolean(me.data));
  if (me.isError)
    return (
      <div className="p-8">
        <ErrorState error={me.error} retry={() => me.refetch()} />
      </div>
    );
  if (me.isSuccess && !me.data) return <Navigate to="/login" replace />;
  if (projects.isError)
    return (
      <div className="p-8">
        <ErrorState error={projects.error} retry={() => projects.refetch()} />
      </div>
    );
  if (!projects.data) {
    return (
      <div role="status" aria-label={t('Loading')} className="p-8">
        <Skeleton className="h-8 w-48" />
      </div>
    );
  }
  const last = lastProject();
  const target = projects.data.find((p) => p.id === last) ?? projects.data[0];
  return <Navigate to={target ? `/p/${target.id}` : '/new-project'} replace />;
}
