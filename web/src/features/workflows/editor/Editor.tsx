/**
 * A workflow's canvas: its trigger and steps as nodes, transitions as labelled edges. Steps are
 * added and configured in the side panel, connected by dragging between handles (or with the
 * panel's "Next" selects), deleted with the Delete key or the panel (a step after a confirmation,
 * a path at once with an undo); enabling shows the API's graph problems on the canvas and in a list.
 */
import { useQuery } from '@tanstack/react-query';
import { Panel } from '@xyflow/react';
import { LayoutGrid, Plus } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { i18n } from '../../../i18n/i18n.ts';
import { useProject } from '../../../lib/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { templateQueries } from '../../../queries/templates.ts';
import { useAction } from '../../../queries/use-action.ts';
import { workflowMutations, workflowQueries } from '../../../queries/workflows.ts';
import { buildEdges, buildNodes, newStepPosition, stepPositions } from '../elements.ts';
import { GraphCanvas } from '../GraphCanvas.tsx';
import { type Step, stepTitle, transitionLabel, type Workflow } from '../model.ts';
import { defaultFreeWay, type FreeWay } from '../panels/free-ways.ts';
import { DeleteStepDialog } from './DeleteStepDialog.tsx';
import { DetailsDialog } from './DetailsDialog.tsx';
import { EditorHeader } from './EditorHeader.tsx';
import { ProblemsBanner } from './ProblemsBanner.tsx';
import { RemovedPathBar } from './RemovedPathBar.tsx';
import { SidePanels } from './SidePanels.tsx';
import { useCanvasEdits } from './use-canvas-edits.ts';
import { useCanvasView } from './use-canvas-view.ts';
import { useGraphProblems } from './use-graph-problems.ts';
import { usePathRemoval } from './use-path-removal.ts';
import { useSidePanel } from './use-side-panel.ts';

export function Editor({ workflow }: { workflow: Workflow }) {
  const { t } = useTranslation();
  const scope = useProject();
  const { selectedId, select, adding, setAdding } = useSidePanel();
  const problems = useGraphProblems(workflow);
  // Enabling shows the graph's problems above the canvas, and any other refusal in a toast.
  const toggle = useAction(workflowMutations.update(scope, workflow.id), {
    inline: true,
    onSuccess: (_saved, { enabled }) => {
      problems.clear();
      toast(
        enabled
          ? t('Workflow enabled: new executions start from now on')
          : t('Workflow disabled: no new executions start'),
      );
    },
    onError: (e) => problems.report(e, 'enable'),
  });
  const setEnabled = (enabled: boolean) => toggle.mutate({ enabled });
  const [deleting, setDeleting] = useState<Step | null>(null);
  const [editingDetails, setEditingDetails] = useState(false);
  const [newFrom, setNewFrom] = useState<FreeWay | null>(null);
  const templates = useQuery(templateQueries.picker(scope));
  const fields = useQuery(workflowQueries.fields(scope));

  const templateNames = useMemo(
    () => new Map((templates.data?.templates ?? []).map((t) => [t.id, t.name])),
    [templates.data],
  );
  const fieldTypes = useMemo(() => new Map((fields.data?.fields ?? []).map((f) => [f.field, f.type])), [fields.data]);
  const { positions, stored } = useMemo(() => stepPositions(workflow), [workflow]);
  const byId = useMemo(() => new Map(workflow.steps.map((s) => [s.id, s])), [workflow]);
  const selected = selectedId ? byId.get(selectedId) : undefined;
  const canvasRef = useRef<HTMLDivElement>(null);
  const view = useCanvasView(canvasRef, adding !== null || selected !== undefined);
  const paths = usePathRemoval(workflow, problems.report);
  const canvas = useCanvasEdits({
    workflow,
    positions,
    stored,
    report: problems.report,
    onDeleteStep: setDeleting,
    onRemovePaths: paths.remove,
  });

  const { marked } = problems;
  const nodes = useMemo(
    () => buildNodes(workflow, { positions, problems: marked, templates: templateNames, selectedStepId: selectedId }),
    [workflow, positions, marked, templateNames, selectedId],
  );
  const removePath = paths.remove;
  const edges = useMemo(
    () => buildEdges(workflow, { positions, problems: marked, onDeleteTransition: (t) => removePath([t]) }),
    [workflow, positions, marked, removePath],
  );

  const showStep = (id: string) => {
    select(id);
    view.reveal(id);
  };
  const startAdding = () => {
    const from = defaultFreeWay(workflow, selectedId, positions);
    setNewFrom(from);
    setAdding({ kind: 'pick' });
    if (from) view.reveal(from.stepId);
  };
  const problemsOf = (id: string) => marked.filter((p) => p.stepId === id).map((p) => p.message);
  const onlyTrigger = workflow.steps.length === 1;

  return (
    <>
      <EditorHeader
        workflow={workflow}
        toggling={toggle.isPending}
        onToggle={setEnabled}
        onRename={() => setEditingDetails(true)}
      />

      {problems.open.length > 0 && problems.reason && (
        <ProblemsBanner
          problems={problems.open}
          reason={problems.reason}
          retrying={toggle.isPending}
          onRetry={() => setEnabled(true)}
          onDismiss={problems.clear}
          onShowStep={showStep}
        />
      )}

      <div
        ref={canvasRef}
        className="relative h-[calc(100vh-16rem)] min-h-[32rem] overflow-hidden rounded-lg border border-slate-200 bg-slate-50 shadow-sm"
      >
        <GraphCanvas
          label={t('Canvas of {name}', { name: workflow.name })}
          nodes={nodes}
          edges={edges}
          editable
          fitPadding={view.fitPadding}
          onConnect={canvas.connect}
          isValidConnection={canvas.isValidConnection}
          onNodeClick={showStep}
          onSelectNode={(id) => {
            if (id !== selectedId && !adding) select(id);
          }}
          onPaneClick={() => {
            if (selectedId) select(null);
          }}
          onDragStop={canvas.dragStop}
          onBeforeDelete={canvas.beforeDelete}
        >
          <Panel position="top-left" className="flex gap-2">
            <Button icon={<Plus className="size-4" aria-hidden />} onClick={startAdding}>
              {t('Add step')}
            </Button>
            <Button
              variant="secondary"
              icon={<LayoutGrid className="size-4" aria-hidden />}
              onClick={() => {
                canvas.tidy();
                view.fitGraph();
              }}
              disabled={onlyTrigger}
            >
              {t('Tidy up')}
            </Button>
          </Panel>
          {onlyTrigger && !adding && !selected && (
            <Panel
              position="bottom-center"
              className="mb-6 max-w-sm rounded-lg border border-slate-200 bg-white px-4 py-3 text-center text-sm text-slate-600 shadow-sm"
            >
              <strong className="block text-slate-900">{t('Add the first step')}</strong>
              {t('It follows the trigger. Then drag from the dot under a step to another step to connect them.')}
            </Panel>
          )}
          {paths.removed.length > 0 && (
            <RemovedPathBar
              label={removedLabel(paths.removed, byId)}
              undoing={paths.undoing}
              onUndo={paths.undo}
              onDismiss={paths.dismiss}
            />
          )}
        </GraphCanvas>

        <SidePanels
          workflow={workflow}
          adding={adding}
          setAdding={setAdding}
          newFrom={newFrom}
          selected={selected}
          problemsOf={problemsOf}
          fieldTypes={fieldTypes}
          placeFor={(from) => newStepPosition(positions, from)}
          select={select}
          onCreated={(step) => {
            select(step.id);
            view.fitGraph();
          }}
          onDelete={setDeleting}
          report={problems.report}
        />
      </div>

      {deleting && (
        <DeleteStepDialog
          workflow={workflow}
          step={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            if (selectedId === deleting.id) select(null);
            setDeleting(null);
          }}
        />
      )}
      {editingDetails && <DetailsDialog workflow={workflow} onClose={() => setEditingDetails(false)} />}
    </>
  );
}

/** "Path removed: A (Yes) → B", or how many went. */
function removedLabel(paths: ReadonlyArray<Workflow['transitions'][number]>, steps: ReadonlyMap<string, Step>): string {
  if (paths.length > 1)
    return i18n.t('{count, plural, one {# path removed} other {# paths removed}}', { count: paths.length });
  const path = paths[0]!;
  const title = (id: string) => {
    const s = steps.get(id);
    return s ? stepTitle(s) : i18n.t('a step');
  };
  const way = transitionLabel(path);
  const from = title(path.fromStepId);
  const to = title(path.toStepId);
  return way
    ? i18n.t('Path removed: {from} ({way}) → {to}', { from, way, to })
    : i18n.t('Path removed: {from} → {to}', { from, to });
}
