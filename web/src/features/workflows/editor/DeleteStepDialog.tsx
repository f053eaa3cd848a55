/** Asks before deleting a step; offers to join what came before it to what came after it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { Checkbox } from '../../../components/Field.tsx';
import { useProject } from '../../../lib/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useAction } from '../../../queries/use-action.ts';
import { workflowMutations } from '../../../queries/workflows.ts';
import { type Step, stepTitle, type Workflow } from '../model.ts';
import { StepIcon } from '../parts.tsx';

export function DeleteStepDialog({
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
  const { t } = useTranslation();
  const remove = useAction(workflowMutations.deleteStep(useProject(), workflow.id, step.id), {
    inline: true,
    onSuccess: () => {
      toast(t('Step deleted'));
      onDeleted();
    },
  });
  const into = workflow.transitions.filter((t) => t.toStepId === step.id && t.fromStepId !== step.id);
  const out = workflow.transitions.filter((t) => t.fromStepId === step.id && t.toStepId !== step.id);
  // Splicing needs one place to go on to; a condition's two ways would leave the choice open.
  const canSplice = into.length > 0 && out.length === 1;
  const [splice, setSplice] = useState(canSplice);
  const after = out[0] ? stepTitle(workflow.steps.find((s) => s.id === out[0]!.toStepId) ?? step) : '';
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={() => remove.mutate(canSplice && splice)}
      busy={remove.isPending}
      error={remove.error}
      title={t('Delete “{name}”?', { name: stepTitle(step) })}
      confirmLabel={t('Delete step')}
    >
      <div className="space-y-3">
        <div className="flex items-center gap-2">
          <StepIcon type={step.type} size="sm" />
          <span>{t('Its paths in and out are removed with it.')}</span>
        </div>
        {canSplice && (
          <Checkbox
            label={t('Connect what comes before it to “{name}”', { name: after })}
            checked={splice}
            onChange={(e) => setSplice(e.target.checked)}
          />
        )}
      </div>
    </ConfirmDialog>
  );
}
