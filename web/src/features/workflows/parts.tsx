/** Pieces the workflow screens share: step icons, the workflow's header and sub-navigation, a switch. */
import {
  ChevronRight,
  CircleStop,
  Clock,
  GitBranch,
  Hourglass,
  type LucideIcon,
  Mail,
  UserPen,
  Webhook,
  Zap,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Badge } from '../../components/Layout.tsx';
import { Skeleton } from '../../components/States.tsx';
import { cx } from '../../lib/cx.ts';
import { useProject } from '../../lib/project-context.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { STEP_TYPES, type StepType } from './model.ts';

const ICONS: Record<StepType, LucideIcon> = {
  TRIGGER: Zap,
  SEND_EMAIL: Mail,
  DELAY: Clock,
  WAIT_FOR_EVENT: Hourglass,
  CONDITION: GitBranch,
  WEBHOOK: Webhook,
  UPDATE_CONTACT: UserPen,
  EXIT: CircleStop,
};

export function StepIcon({ type, size = 'md' }: { type: StepType; size?: 'sm' | 'md' }) {
  const Icon = ICONS[type];
  return (
    <span
      aria-hidden
      className={cx(
        'inline-flex shrink-0 items-center justify-center rounded-md',
        size === 'sm' ? 'size-6' : 'size-8',
        STEP_TYPES[type].chip,
      )}
    >
      <Icon className={size === 'sm' ? 'size-3.5' : 'size-4'} />
    </span>
  );
}

/** Workflows › name (› more), the page's one heading, and the Editor / Executions tabs. */
export function WorkflowHeader({
  workflowId,
  name,
  enabled,
  title,
  description,
  crumbs = [],
  actions,
  activeCount,
}: {
  workflowId: string;
  name: string;
  enabled?: boolean;
  /** The h1; the workflow's name unless given. */
  title?: ReactNode;
  description?: ReactNode;
  crumbs?: Array<{ label: string; to: string }>;
  actions?: ReactNode;
  activeCount?: number;
}) {
  const { to } = useProject();
  usePageTitle(typeof title === 'string' ? title : title ? undefined : name);
  const trail = [
    { label: 'Workflows', to: to('workflows') },
    ...(title ? [{ label: name, to: to('workflows', workflowId) }] : []),
    ...crumbs,
  ];
  const tab = ({ isActive }: { isActive: boolean }) =>
    cx(
      '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
      isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-500 hover:text-slate-800',
    );
  return (
    <div className="mb-4">
      <nav aria-label="Breadcrumb" className="mb-1 flex items-center gap-1 text-sm text-slate-500">
        {trail.map((c, i) => (
          <span key={c.to} className="flex items-center gap-1">
            {i > 0 && <ChevronRight className="size-3.5" aria-hidden />}
            <Link to={c.to} className="hover:text-slate-800 hover:underline">
              {c.label}
            </Link>
          </span>
        ))}
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <h1 className="truncate text-xl font-semibold tracking-tight text-slate-900">{title ?? name}</h1>
            {enabled !== undefined && !title && (enabled ? <Badge tone="green">Enabled</Badge> : <Badge>Draft</Badge>)}
          </div>
          {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
        </div>
        {actions && <div className="flex min-w-0 flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {!title && (
        <nav aria-label="Workflow" className="mt-4 flex gap-1 border-b border-slate-200">
          <NavLink end to={to('workflows', workflowId)} className={tab}>
            Editor
          </NavLink>
          <NavLink to={to('workflows', workflowId, 'executions')} className={tab}>
            Executions
            {activeCount !== undefined && activeCount > 0 && (
              <span className="ml-1.5 rounded-full bg-sky-100 px-1.5 py-0.5 text-xs text-sky-700">
                {activeCount} active
              </span>
            )}
          </NavLink>
        </nav>
      )}
    </div>
  );
}

/** A table's frame with grey rows, the size the loaded list will have. */
export function RowsSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <div className="h-9 border-b border-slate-200 bg-slate-50" />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to tell them apart.
        <div key={i} className="flex items-center gap-6 border-b border-slate-100 px-4 py-3 last:border-0">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="ml-auto h-4 w-24" />
        </div>
      ))}
    </div>
  );
}
