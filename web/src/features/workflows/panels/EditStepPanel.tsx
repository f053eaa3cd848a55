/** An existing step: its settings and label (saved together), its ways out, and deleting it. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { useProject } from '../../../lib/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useAction } from '../../../queries/use-action.ts';
import { workflowMutations } from '../../../queries/workflows.ts';
import { isGraphError } from '../editor/use-graph-problems.ts';
import { type AddableType, type Step, stepTitle, type Workflow } from '../model.ts';
import { DeleteButton, StepIcon } from '../parts.tsx';
import { PanelShell, ProblemList } from './PanelShell.tsx';
import { StepFormFields, usePanelForm, useStepForm } from './StepForm.tsx';
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
  const { t } = useTranslation();
  const form = useStepForm(step.type as AddableType, fieldTypes, { config: step.config, name: step.name });
  // The reaction, not mutate's callbacks: the saved step remounts this panel (its key) before
  // those would run.
  const save = useAction(workflowMutations.updateStep(useProject(), workflow.id), {
    inline: true,
    onSuccess: () => toast(t('Step saved')),
    // The form shows its own refusals; only the graph's go above the canvas.
    onError: (e) => {
      if (isGraphError(e)) report(e);
    },
  });
  const submit = () => save.mutate({ stepId: step.id, body: form.body });
  usePanelForm({
    changed: form.changed,
    saving: save.isPending,
    submit,
    leaveMessage: t('This step’s changes are not saved yet. Leave and lose them?'),
  });
  return (
    <PanelShell
      title={stepTitle(step)}
      icon={<StepIcon type={step.type} size="sm" />}
      onClose={onClose}
      footer={
        <>
          <DeleteButton onClick={onDelete}>{t('Delete step')}</DeleteButton>
          <Button type="submit" form="edit-step" disabled={!form.changed} loading={save.isPending}>
            {t('Save changes')}
          </Button>
        </>
      }
    >
      <ProblemList problems={problems} />
      <form
        id="edit-step"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="space-y-5"
        noValidate
      >
        <StepFormFields form={form} error={save.error} />
      </form>
      <hr className="border-slate-100" />
      <WaysSection workflow={workflow} step={step} onError={report} />
    </PanelShell>
  );
}
