/**
 * A notice inside a screen: what a person should know before acting (a role's limits, a secret shown
 * once, a record that failed, a step done). One look per tone, so every screen's notices read alike.
 */
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../lib/cx.ts';

export type CalloutTone = 'info' | 'success' | 'warning' | 'danger';

const LOOK: Record<CalloutTone, { box: string; icon: ReactNode }> = {
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: <Info className="mt-0.5 size-4 shrink-0" aria-hidden /> },
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    icon: <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />,
  },
  warning: {
    box: 'border-amber-200 bg-amber-50 text-amber-900',
    icon: <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />,
  },
  danger: {
    box: 'border-red-200 bg-red-50 text-red-800',
    icon: <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />,
  },
};

export function Callout({
  tone = 'info',
  title,
  icon,
  role,
  className,
  children,
}: {
  tone?: CalloutTone;
  /** A bold first line. */
  title?: ReactNode;
  /** Another icon than the tone's, or `false` for none. */
  icon?: ReactNode | false;
  /** `alert` for what just went wrong, `status` for what just changed; none for standing notices. */
  role?: 'alert' | 'status';
  className?: string;
  children?: ReactNode;
}) {
  const look = LOOK[tone];
  return (
    <div role={role} className={cx('flex items-start gap-2 rounded-md border px-3 py-2 text-sm', look.box, className)}>
      {icon === false ? null : (icon ?? look.icon)}
      <div className="min-w-0 flex-1 space-y-1">
        {title && <p className="font-medium">{title}</p>}
        {children}
      </div>
    </div>
  );
}
