import type { ReactNode } from 'react';
import { cx } from '../lib/cx.ts';

/** One labelled value of a detail screen's <dl> of facts (status, times, counts). */
export function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cx('min-w-0', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-slate-800">{children}</dd>
    </div>
  );
}
