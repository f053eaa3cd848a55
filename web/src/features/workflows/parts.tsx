/** Pieces the workflow screens share: step icons, a workflow's state, its screen, header and tabs, a delete button. */

import { useQuery } from '@tanstack/react-query';
import {
  CircleStop,
  Clock,
  GitBranch,
  Hourglass,
  type LucideIcon,
  Mail,
  Trash2,
  UserPen,
  Webhook,
  Zap,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { Badge } from '../../components/Layout.tsx';
import { Skeleton } from '../../components/States.tsx';
import { cx } from '../../lib/cx.ts';
import { useProject } from '../../lib/project-context.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { workflowQueries } from '../../queries/workflows.ts';
import { STEP_TYPES, type StepType, type Workflow } from './model.ts';

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

/** Whether a workflow runs: enabled, or a draft. */
export function WorkflowState({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return enabled ? <Badge tone="green">{t('Enabled')}</Badge> : <Badge>{t('Draft')}</Badge>;
}

/** The red, quiet button that starts deleting something (a confirmation follows). */
export function DeleteButton(props: { onClick: () => void; children: ReactNode }) {
  const icon = <Trash2 className="size-4" aria-hidden />;
  return <Button variant="ghost" className="text-red-700 hover:bg-red-50" icon={icon} {...props} />;
}

/**
 * A screen about one workflow (its editor, its executions): loads it, with `skeleton` under the
 * heading's while it does, and says so when it is not there.
 */
export function WorkflowScreen({
  skeleton,
  children,
}: {
  skeleton?: ReactNode;
  children: (workflow: Workflow) => ReactNode;
}) {
  const { t } = useTranslation();
  const { workflowId = '' } = useParams();
  const scope = useProject();
  const workflow = useQuery(workflowQueries.one(scope, workflowId));
  return (
    <DetailScreen
      query={workflow}
      back={{ to: scope.to('workflows'), label: t('Workflows') }}
      kind="workflow"
      skeleton={
        <>
          <Skeleton className="mb-5 h-7 w-64" />
          <Skeleton className="mb-4 h-9 w-56" />
          {skeleton}
        </>
      }
    >
      {children}
    </DetailScreen>
  );
}

/**
 * A workflow's heading under the back link: its name and state, what it does, its actions, and the
 * Editor / Executions tabs.
 */
export function WorkflowHeader({
  workflow,
  description,
  actions,
  activeCount,
}: {
  workflow: Pick<Workflow, 'id' | 'name' | 'enabled'>;
  description?: ReactNode;
  actions?: ReactNode;
  activeCount?: number;
}) {
  const { t } = useTranslation();
  const { to } = useProject();
  usePageTitle(workflow.name);
  const tab = ({ isActive }: { isActive: boolean }) =>
    cx(
      '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
      isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-500 hover:text-slate-800',
    );
  return (
    <div className="mb-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <h1 className="truncate text-xl font-semibold tracking-tight text-slate-900">{workflow.name}</h1>
            <WorkflowState enabled={workflow.enabled} />
          </div>
          {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
        </div>
        {actions && <div className="flex min-w-0 flex-wrap items-center gap-2">{actions}</div>}
      </div>
      <nav aria-label={t('Workflow')} className="mt-4 flex gap-1 border-b border-slate-200">
        <NavLink end to={to('workflows', workflow.id)} className={tab}>
          {t('Editor')}
        </NavLink>
        <NavLink to={to('workflows', workflow.id, 'executions')} className={tab}>
          {t('Executions')}
          {activeCount !== undefined && activeCount > 0 && (
            <span className="ml-1.5 rounded-full bg-sky-100 px-1.5 py-0.5 text-xs text-sky-700">
              {t('{count, plural, one {# active} other {# active}}', { count: activeCount })}
            </span>
          )}
        </NavLink>
      </nav>
    </div>
  );
}
