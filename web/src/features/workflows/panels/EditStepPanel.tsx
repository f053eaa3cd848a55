/** An existing step: its settings and label (saved together), its ways out, and deleting it. */
import { Trash2 } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useGraphEdits } from '../editor/use-graph-edits.ts';
import { isGraphError } from '../editor/use-graph-problems.ts';
import { type AddableType, type Step, stepTitle, type Workflow } from '../model.ts';
import { StepIcon } from '../parts.tsx';
import { PanelShell, ProblemList } from './PanelShell.tsx';
import { StepFormFields, useStepForm } from './StepForm.tsx';
import { sameJson } from './step-form.ts';
import { WaysSection } from './WaysSection.tsx';

export function EditStepPanel({
  workflow,
  step,
  problems,
  fieldTypes,
  onClose,
  onDelete,
  report,
}: {
  workflow: Workflow;
  step: Step;
  problems: string[];
  fieldTypes: ReadonlyMap<string, string>;
  onClose: () => void;
  onDelete: () => void;
  /** The editor's error channel: graph problems above the canvas, anything else a toast. */
  report: (e: unknown) => void;
}) {
  const type = step.type as AddableType;
  const edits = useGraphEdits(workflow.id);
  const form = useStepForm(type, fieldTypes, { config: step.config, name: step.name });
  const error = edits.updateStep.error;
  const dirty = (form.name.trim() || null) !== (step.name ?? null) || !sameJson(form.config(), step.config);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const config = form.config();
    // The promise, not mutate's callbacks: the saved step comes back with a new updatedAt, which
    // remounts this panel (its key) before those callbacks would run.
    edits.updateStep.mutateAsync({ stepId: step.id, body: { name: form.name.trim() || null, config } }).then(
      () => toast('Step saved'),
      (err) => {
        // The form shows its own refusals; only the graph's go above the canvas.
        if (isGraphError(err)) report(err);
      },
    );
  };

  return (
    <PanelShell
      title={stepTitle(step)}
      icon={<StepIcon type={step.type} size="sm" />}
      onClose={onClose}
      footer={
        <>
          <Button
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            icon={<Trash2 className="size-4" aria-hidden />}
            onClick={onDelete}
          >
            Delete step
          </Button>
          <Button type="submit" form="edit-step" disabled={!dirty} loading={edits.updateStep.isPending}>
            Save changes
          </Button>
        </>
      }
    >
      <ProblemList problems={problems} />
      <form id="edit-step" onSubmit={submit} className="space-y-5" noValidate>
        <StepFormFields form={form} error={error} />
      </form>
      <hr className="border-slate-100" />
      <WaysSection workflow={workflow} step={step} onError={report} />
    </PanelShell>
  );
}
