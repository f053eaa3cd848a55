/** The editor's header: the workflow's name, how it starts, Rename, and the Enabled switch. */
import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Switch } from '../../../components/Switch.tsx';
import { useProject } from '../../../lib/project-context.tsx';
import { workflowQueries } from '../../../queries/workflows.ts';
import type { Workflow } from '../model.ts';
import { WorkflowHeader } from '../parts.tsx';

function TriggerDescription({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation();
  if (workflow.triggerType === 'SCHEDULE') return t('Runs on a schedule');
  if (workflow.triggerType !== 'EVENT') return t('Started by hand or through the API');
  const c = workflow.triggerConfig as { eventName?: string };
  const values = { name: c.eventName ?? '—' };
  const components = { event: <code className="rounded bg-slate-100 px-1 py-0.5 text-xs text-slate-700" /> };
  return workflow.allowReentry ? (
    <Trans
      i18nKey="Starts when <event>{name}</event> is tracked · contacts may go through again"
      values={values}
      components={components}
    />
  ) : (
    <Trans
      i18nKey="Starts when <event>{name}</event> is tracked · each contact goes through once"
      values={values}
      components={components}
    />
  );
}

export function EditorHeader({
  workflow,
  toggling,
  onToggle,
  onRename,
}: {
  workflow: Workflow;
  toggling: boolean;
  onToggle: (enabled: boolean) => void;
  onRename: () => void;
}) {
  const { t } = useTranslation();
  // The counts come with the list (the same query as the workflows page).
  const list = useQuery(workflowQueries.list(useProject()));
  const activeCount = list.data?.find((w) => w.id === workflow.id)?.activeExecutionCount;
  return (
    <WorkflowHeader
      workflow={workflow}
      activeCount={activeCount}
      description={<TriggerDescription workflow={workflow} />}
      actions={
        <>
          <Button variant="ghost" icon={<Pencil className="size-4" aria-hidden />} onClick={onRename}>
            {t('Rename')}
          </Button>
          <Switch
            label={t('Enabled')}
            showLabel
            className="px-2"
            checked={workflow.enabled}
            busy={toggling}
            onChange={onToggle}
          />
        </>
      }
    />
  );
}
