/**
 * A workflow's canvas: its trigger and steps as nodes, transitions as labelled edges. Steps are
 * added and configured in the side panel, connected by dragging between handles (or with the panel's
 * "Next" selects), deleted with the Delete key or the panel; enabling shows the API's graph problems
 * on the canvas and in a list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Connection, Panel, ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { AlertTriangle, LayoutGrid, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, errorMessage, fieldError } from '../../api/client.ts';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog, Dialog } from '../../components/Dialog.tsx';
import { Checkbox, TextArea, TextInput } from '../../components/Field.tsx';
import { EmptyState, ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { Switch } from '../../components/Switch.tsx';
import { useToast } from '../../components/Toast.tsx';
import {
  useGraphEdits,
  useTemplateOptions,
  useWorkflow,
  useWorkflowFields,
  useWorkflows,
  workflowKeys,
} from './api.ts';
import type { StepNodeType, WayEdgeType } from './canvas-parts.tsx';
import { buildEdges, buildNodes, computedLayout, newStepPosition, stepPositions } from './elements.ts';
import { GraphCanvas } from './GraphCanvas.tsx';
import { type AddableType, handleOf, type Step, stepTitle, type Transition, type Workflow, waysOut } from './model.ts';
import { StepIcon, WorkflowHeader } from './parts.tsx';
import { type GraphProblem, graphProblems, stillOpen } from './problems.ts';
import { EditStepPanel, type FreeWay, freeWays, NewStepPanel, PickTypePanel, TriggerPanel } from './StepPanel.tsx';

export function WorkflowEditorPage() {
  const { workflowId = '' } = useParams();
  const { to } = useProject();
  const workflow = useWorkflow(workflowId);
  if (workflow.isPending) return <EditorSkeleton />;
  if (workflow.isError) {
    if (workflow.error instanceof ApiError && workflow.error.status === 404) {
      return (
        <EmptyState
          title="Workflow not found"
          description="It was deleted, or it belongs to another project."
          action={
            <Link to={to('workflows')} className="text-sm font-medium text-brand-700 hover:underline">
              Back to workflows
            </Link>
          }
        />
      );
    }
    return <ErrorState error={workflow.error} retry={() => workflow.refetch()} />;
  }
  return (
    <ReactFlowProvider>
      <Editor key={workflow.data.id} workflow={workflow.data} />
    </ReactFlowProvider>
  );
}

/** The header, tabs and canvas in grey, at their final sizes. */
function EditorSkeleton() {
  return (
    <div role="status" aria-label="Loading workflow">
      <Skeleton className="mb-2 h-4 w-40" />
      <Skeleton className="mb-5 h-7 w-64" />
      <Skeleton className="mb-4 h-9 w-56" />
      <Skeleton className="h-[calc(100vh-16rem)] min-h-[32rem] w-full rounded-lg" />
    </div>
  );
}

/** The side panel's width: 20rem, 22rem from 1280 px (StepPanel.tsx). */
const panelWidth = () => (window.matchMedia('(min-width: 1280px)').matches ? 352 : 320);

type PanelState = null | { kind: 'pick' } | { kind: 'new'; type: AddableType };

const isGraphError = (e: unknown): e is ApiError =>
  e instanceof ApiError &&
  e.status === 422 &&
  e.errors.length > 0 &&
  e.errors.some((x) => x.field === 'steps' || x.field.startsWith('steps.') || x.field.startsWith('triggerConfig'));

function Editor({ workflow }: { workflow: Workflow }) {
  const { projectId } = useProject();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('step');
  const [panel, setPanel] = useState<PanelState>(null);
  const [problems, setProblems] = useState<{ items: GraphProblem[]; reason: 'enable' | 'edit' } | null>(null);
  const [deleting, setDeleting] = useState<Step | null>(null);
  const [editingDetails, setEditingDetails] = useState(false);
  const edits = useGraphEdits(workflow.id);
  const toast = useToast();
  const flow = useReactFlow();
  const list = useWorkflows();
  const activeCount = list.data?.find((w) => w.id === workflow.id)?.activeExecutionCount;
  const templates = useTemplateOptions();
  const fields = useWorkflowFields();

  const templateNames = useMemo(
    () => new Map((templates.data?.templates ?? []).map((t) => [t.id, t.name])),
    [templates.data],
  );
  const fieldTypes = useMemo(() => new Map((fields.data?.fields ?? []).map((f) => [f.field, f.type])), [fields.data]);
  // An enable's problems are the graph's: marked on the canvas until fixed. A refused edit's are
  // about the graph it would have made, so they are only listed.
  const open = useMemo(
    () =>
      problems?.reason === 'edit'
        ? problems.items
        : (problems?.items ?? []).filter((p) => stillOpen(p, workflow.steps, workflow.transitions)),
    [problems, workflow],
  );
  const marked = problems?.reason === 'enable' ? open : [];
  const { positions, stored } = useMemo(() => stepPositions(workflow), [workflow]);
  const byId = useMemo(() => new Map(workflow.steps.map((s) => [s.id, s])), [workflow]);
  const selected = selectedId ? byId.get(selectedId) : undefined;
  const canvasRef = useRef<HTMLDivElement>(null);
  const panelOpen = panel !== null || selected !== undefined;
  const fitPadding = {
    top: '72px',
    left: '40px',
    bottom: '40px',
    right: panelOpen ? (`${panelWidth() + 40}px` as const) : '40px',
  } as const;
  const fitGraph = () => setTimeout(() => flow.fitView({ duration: 300, maxZoom: 1, padding: fitPadding }), 80);

  /** Pans a step out from under the side panel. */
  const reveal = (id: string) =>
    requestAnimationFrame(() => {
      const box = canvasRef.current?.getBoundingClientRect();
      const el = canvasRef.current
        ?.querySelector(`.react-flow__node[data-id="${CSS.escape(id)}"]`)
        ?.getBoundingClientRect();
      if (!box || !el) return;
      const visible = box.width - panelWidth() - 16;
      if (el.left >= box.left && el.right <= box.left + visible) return;
      const { x, y, zoom } = flow.getViewport();
      const dx = box.left + visible / 2 - (el.left + el.width / 2);
      flow.setViewport({ x: x + dx, y, zoom }, { duration: 250 });
    });

  const select = useCallback(
    (id: string | null) => {
      setPanel(null);
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (id) next.set('step', id);
          else next.delete('step');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  /** A refused change: graph problems go on the canvas; anything else is said in a toast. */
  const report = useCallback(
    (e: unknown, reason: 'enable' | 'edit' = 'edit') => {
      if (isGraphError(e)) {
        setProblems({ items: graphProblems(e.errors, workflow.steps, workflow.transitions), reason });
        if (reason === 'edit') toast('That change would leave the enabled workflow unable to run.', 'error');
      } else toast(errorMessage(e), 'error');
    },
    [workflow, toast],
  );

  const deleteTransition = useCallback(
    (t: Transition) =>
      edits.deleteTransition.mutate(t.id, {
        onSuccess: () => toast('Path removed'),
        onError: (e) => report(e),
      }),
    [edits.deleteTransition, report, toast],
  );

  const nodes = useMemo(
    () => buildNodes(workflow, { positions, problems: marked, templates: templateNames, selectedStepId: selectedId }),
    [workflow, positions, marked, templateNames, selectedId],
  );
  const edges = useMemo(
    () => buildEdges(workflow, { positions, problems: marked, onDeleteTransition: deleteTransition }),
    [workflow, positions, marked, deleteTransition],
  );

  const connect = async (c: Connection) => {
    const from = byId.get(c.source);
    const way = from && waysOut(from.type).find((w) => w.handle === (c.sourceHandle ?? 'next'));
    if (!from || !way || !c.target) return;
    const existing = workflow.transitions.find((t) => t.fromStepId === from.id && handleOf(t) === way.handle);
    try {
      await edits.setWay(from.id, way.body, existing, c.target);
      toast(existing ? 'Path moved' : 'Steps connected');
    } catch (e) {
      report(e);
    }
  };

  const isValidConnection = (c: Connection | WayEdgeType) =>
    c.source !== c.target && byId.get(c.target)?.type !== 'TRIGGER';

  const dragStop = (moved: StepNodeType[]) => {
    const at = new Map(moved.map((n) => [n.id, n.position]));
    // Stored places for all steps at once when some had none, so the ones not moved stay put.
    const ids = stored ? [...at.keys()] : workflow.steps.map((s) => s.id);
    const round = (p: { x: number; y: number }) => ({ x: Math.round(p.x), y: Math.round(p.y) });
    edits
      .savePositions(ids.map((stepId) => ({ stepId, position: round(at.get(stepId) ?? positions.get(stepId)!) })))
      .catch((e) => report(e));
  };

  const tidy = () => {
    const layout = computedLayout(workflow);
    edits
      .savePositions([...layout].map(([stepId, position]) => ({ stepId, position })))
      .then(() => toast('Steps arranged'))
      .catch((e) => report(e));
    fitGraph();
  };

  const toggle = (next: boolean) =>
    edits.patchWorkflow.mutate(
      { enabled: next },
      {
        onSuccess: () => {
          setProblems(null);
          toast(
            next ? 'Workflow enabled: new executions start from now on' : 'Workflow disabled: no new executions start',
          );
        },
        onError: (e) => report(e, 'enable'),
      },
    );

  const defaultFrom = (): FreeWay | null => {
    const free = freeWays(workflow);
    if (selectedId) {
      const own = free.find((f) => f.stepId === selectedId);
      if (own) return own;
    }
    return [...free].sort((a, b) => (positions.get(b.stepId)?.y ?? 0) - (positions.get(a.stepId)?.y ?? 0))[0] ?? null;
  };
  const [newFrom, setNewFrom] = useState<FreeWay | null>(null);
  const startAdding = () => {
    const from = defaultFrom();
    setNewFrom(from);
    setPanel({ kind: 'pick' });
    if (from) reveal(from.stepId);
  };

  const mineProblems = (id: string) => marked.filter((p) => p.stepId === id).map((p) => p.message);
  const c = workflow.triggerConfig as { eventName?: string };
  const description =
    workflow.triggerType === 'EVENT' ? (
      <>
        Starts when{' '}
        <code className="rounded bg-slate-100 px-1 py-0.5 text-xs text-slate-700">{c.eventName ?? '—'}</code> is tracked
        {workflow.allowReentry ? ' · contacts may go through again' : ' · each contact goes through once'}
      </>
    ) : workflow.triggerType === 'SCHEDULE' ? (
      'Runs on a schedule'
    ) : (
      'Started by hand or through the API'
    );
  const onlyTrigger = workflow.steps.length === 1;

  return (
    <>
      <WorkflowHeader
        workflowId={workflow.id}
        name={workflow.name}
        enabled={workflow.enabled}
        activeCount={activeCount}
        description={description}
        actions={
          <>
            <Button
              variant="ghost"
              icon={<Pencil className="size-4" aria-hidden />}
              onClick={() => setEditingDetails(true)}
            >
              Rename
            </Button>
            <Switch
              label="Enabled"
              showLabel
              className="px-2"
              checked={workflow.enabled}
              busy={edits.patchWorkflow.isPending}
              onChange={toggle}
            />
          </>
        }
      />

      {open.length > 0 && problems && (
        <section
          role="alert"
          aria-labelledby="graph-problems"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 id="graph-problems" className="flex items-center gap-2 font-semibold">
              <AlertTriangle className="size-4" aria-hidden />
              {problems.reason === 'enable'
                ? `This workflow can’t be enabled yet: ${open.length === 1 ? '1 problem' : `${open.length} problems`} to fix`
                : 'That change was refused: the workflow would not be able to run'}
            </h2>
            <div className="flex gap-2">
              {problems.reason === 'enable' && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => toggle(true)}
                  loading={edits.patchWorkflow.isPending}
                >
                  Try enabling again
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => setProblems(null)}>
                Dismiss
              </Button>
            </div>
          </div>
          <ul className="mt-2 space-y-1">
            {open.map((p) => (
              <li key={`${p.stepId}-${p.message}`}>
                {p.stepId ? (
                  <button
                    type="button"
                    onClick={() => {
                      select(p.stepId);
                      if (p.stepId) reveal(p.stepId);
                    }}
                    className="text-left underline-offset-2 hover:underline"
                  >
                    {p.message}
                  </button>
                ) : (
                  p.message
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <div
        ref={canvasRef}
        className="relative h-[calc(100vh-16rem)] min-h-[32rem] overflow-hidden rounded-lg border border-slate-200 bg-slate-50 shadow-sm"
      >
        <GraphCanvas
          label={`Canvas of ${workflow.name}`}
          nodes={nodes}
          edges={edges}
          editable
          fitPadding={fitPadding}
          onConnect={connect}
          isValidConnection={isValidConnection}
          onNodeClick={(id) => {
            select(id);
            reveal(id);
          }}
          onSelectNode={(id) => {
            if (id !== selectedId && !panel) select(id);
          }}
          onPaneClick={() => {
            if (selectedId) select(null);
          }}
          onDragStop={dragStop}
          onBeforeDelete={async ({ nodes: gone, edges: goneEdges }) => {
            const step = gone.map((n) => byId.get(n.id)).find((s) => s && s.type !== 'TRIGGER');
            if (step) setDeleting(step);
            else
              for (const e of goneEdges) {
                const t = workflow.transitions.find((x) => x.id === e.id);
                if (t) deleteTransition(t);
              }
            return false;
          }}
        >
          <Panel position="top-left" className="flex gap-2">
            <Button icon={<Plus className="size-4" aria-hidden />} onClick={startAdding}>
              Add step
            </Button>
            <Button
              variant="secondary"
              icon={<LayoutGrid className="size-4" aria-hidden />}
              onClick={tidy}
              disabled={onlyTrigger}
            >
              Tidy up
            </Button>
          </Panel>
          {onlyTrigger && !panel && !selected && (
            <Panel
              position="bottom-center"
              className="mb-6 max-w-sm rounded-lg border border-slate-200 bg-white px-4 py-3 text-center text-sm text-slate-600 shadow-sm"
            >
              <strong className="block text-slate-900">Add the first step</strong>
              It follows the trigger. Then drag from the dot under a step to another step to connect them.
            </Panel>
          )}
        </GraphCanvas>

        {panel?.kind === 'pick' && (
          <PickTypePanel onPick={(type) => setPanel({ kind: 'new', type })} onClose={() => setPanel(null)} />
        )}
        {panel?.kind === 'new' && (
          <NewStepPanel
            key={panel.type}
            workflow={workflow}
            type={panel.type}
            defaultFrom={newFrom}
            fieldTypes={fieldTypes}
            placeFor={(from) => newStepPosition(positions, from)}
            onCreated={(step) => {
              select(step.id);
              fitGraph();
            }}
            onBack={() => setPanel({ kind: 'pick' })}
            onClose={() => setPanel(null)}
          />
        )}
        {!panel && selected?.type === 'TRIGGER' && (
          <TriggerPanel
            key={`${selected.id}-${workflow.updatedAt}`}
            workflow={workflow}
            step={selected}
            problems={mineProblems(selected.id)}
            onClose={() => select(null)}
            onGraphError={(e) => report(e)}
          />
        )}
        {!panel && selected && selected.type !== 'TRIGGER' && (
          <EditStepPanel
            key={`${selected.id}-${selected.updatedAt}`}
            workflow={workflow}
            step={selected}
            problems={mineProblems(selected.id)}
            fieldTypes={fieldTypes}
            onClose={() => select(null)}
            onDelete={() => setDeleting(selected)}
            onGraphError={(e) => {
              if (isGraphError(e)) report(e);
            }}
          />
        )}
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
      <DetailsDialog
        key={String(editingDetails)}
        workflow={workflow}
        open={editingDetails}
        onClose={() => setEditingDetails(false)}
        projectId={projectId}
      />
    </>
  );
}

function DeleteStepDialog({
  workflow,
  step,
  onClose,
  onDeleted,
}: {
  workflow: Workflow;
  step: Step;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const edits = useGraphEdits(workflow.id);
  const toast = useToast();
  const into = workflow.transitions.filter((t) => t.toStepId === step.id && t.fromStepId !== step.id);
  const out = workflow.transitions.filter((t) => t.fromStepId === step.id && t.toStepId !== step.id);
  const canSplice = into.length > 0 && out.length === 1;
  const [splice, setSplice] = useState(canSplice);
  const confirm = () =>
    edits.deleteStep.mutate(
      { stepId: step.id, splice: canSplice && splice },
      {
        onSuccess: () => {
          toast('Step deleted');
          onDeleted();
        },
      },
    );
  const after = out[0] ? stepTitle(workflow.steps.find((s) => s.id === out[0]!.toStepId) ?? step) : '';
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={confirm}
      busy={edits.deleteStep.isPending}
      title={`Delete “${stepTitle(step)}”?`}
      confirmLabel="Delete step"
    >
      <div className="space-y-3">
        <div className="flex items-center gap-2">
          <StepIcon type={step.type} size="sm" />
          <span>Its paths in and out are removed with it.</span>
        </div>
        {canSplice && (
          <Checkbox
            label={`Connect what comes before it to “${after}”`}
            checked={splice}
            onChange={(e) => setSplice(e.target.checked)}
          />
        )}
        <FormError error={edits.deleteStep.error} />
      </div>
    </ConfirmDialog>
  );
}

/** Name and description; deleting the workflow lives here too. */
function DetailsDialog({
  workflow,
  open,
  onClose,
  projectId,
}: {
  workflow: Workflow;
  open: boolean;
  onClose: () => void;
  projectId: string;
}) {
  const { api, to } = useProject();
  const edits = useGraphEdits(workflow.id);
  const toast = useToast();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [name, setName] = useState(workflow.name);
  const [description, setDescription] = useState(workflow.description ?? '');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.delete('/workflows/{id}', { path: { id: workflow.id } }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: workflowKeys.one(projectId, workflow.id) });
      qc.invalidateQueries({ queryKey: workflowKeys.list(projectId) });
      toast(`“${workflow.name}” deleted`);
      navigate(to('workflows'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    edits.patchWorkflow.mutate(
      { name, description: description.trim() ? description.trim() : null },
      {
        onSuccess: () => {
          toast('Details saved');
          onClose();
        },
      },
    );
  };
  const error = edits.patchWorkflow.error;
  return (
    <>
      <Dialog
        open={open && !confirmDelete}
        onClose={onClose}
        title="Workflow details"
        footer={
          <div className="flex w-full items-center justify-between">
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              icon={<Trash2 className="size-4" aria-hidden />}
              onClick={() => setConfirmDelete(true)}
            >
              Delete workflow
            </Button>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" form="workflow-details" loading={edits.patchWorkflow.isPending}>
                Save
              </Button>
            </div>
          </div>
        }
      >
        <form id="workflow-details" onSubmit={submit} className="space-y-4" noValidate>
          <FormError error={error && !fieldError(error, 'name') && !fieldError(error, 'description') ? error : null} />
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={fieldError(error, 'name')}
          />
          <TextArea
            label="Description"
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={fieldError(error, 'description')}
          />
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => {
          remove.reset();
          setConfirmDelete(false);
        }}
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
        title={`Delete “${workflow.name}”?`}
        confirmLabel="Delete workflow"
      >
        <div className="space-y-3">
          <p>Its steps and its finished executions are deleted too. This cannot be undone.</p>
          <FormError error={remove.error} />
        </div>
      </ConfirmDialog>
    </>
  );
}
