import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useMe } from '../api/session.ts';
import { ErrorState, Skeleton } from '../components/States.tsx';

/** Renders its children for a signed-in user; anyone else goes to sign-in and comes back after. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  if (me.isPending) {
    return (
      <div role="status" aria-label={t('Loading')} className="p-8">
        <Skeleton className="h-8 w-48" />
      </div>
    );
  }
  if (me.isError)
    return (
      <div className="p-8">
        <ErrorState error={me.error} retry={() => me.refetch()} />
      </div>
    );
  if (!me.data) {
    const next = location.pathname + location.search;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <>{children}</>;
}
