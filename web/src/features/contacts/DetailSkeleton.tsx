/** The grey shape of a contacts detail screen while it loads: the back link, the heading, then `children`. */
import type { ReactNode } from 'react';
import { Skeleton } from '../../components/States.tsx';

export function DetailSkeleton({ label, back, children }: { label: string; back: ReactNode; children: ReactNode }) {
  return (
    <div role="status" aria-label={label}>
      {back}
      <div className="mb-6 space-y-2">
        <Skeleton className="h-7 w-72" />
        <Skeleton className="h-4 w-96" />
      </div>
      {children}
    </div>
  );
}
