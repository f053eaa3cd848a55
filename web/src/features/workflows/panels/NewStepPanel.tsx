/** A new step's form: its settings, label and the free way it comes after; added, then connected. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { Select } from '../../../components/Field.tsx';
import { useProject } from '../../../lib/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useAction } from '../../../queries/use-action.ts';
import { workflowMutations } from '../../../queries/workflows.ts';
import type { Point } from '../layout.ts';
import type { AddableType, Step, Workflow } from '../model.ts';
import { stepTitle } from '../model.ts';
import { StepIcon } from '../parts.tsx';
import { type FreeWay, freeWays, wayKey } from './free-ways.ts';
import { PanelShell } from './PanelShell.tsx';
import { StepFormFields, usePanelForm, useStepForm } from './StepForm.tsx';

export function NewStepPanel({
  workflow,
  type,
  defaultFrom,
  fieldTypes,
  placeFor,
  onCreated,
  onBack,
  onClose,
}: {
  workflow: Workflow;
  type: AddableType;
  defaultFrom: FreeWay | null;
  fieldTypes: ReadonlyMap<string, string>;
  placeFor: (from: FreeWay | null) => Point;
  onCreated: (step: Step) => void;
  onBack: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const scope = useProject();
  // Both show their errors here: the step's in the form, the connection's in a toast.
  const add = useAction(workflowMutations.addStep(scope, workflow.id), { inline: true });
  const connect = useAction(workflowMutations.addTransition(scope, workflow.id), { inline: true });
  const form = useStepForm(type, fieldTypes);
  const free = useMemo(() => freeWays(workflow), [workflow]);
  const [from, setFrom] = useState(defaultFrom ? wayKey(defaultFrom) : '');
  const titles = new Map(workflow.steps.map((s) => [s.id, stepTitle(s)]));
  const busy = add.isPending || connect.isPending;

  const submit = async () => {
    const source = free.find((f) => wayKey(f) === from) ?? null;
    const { name, config } = form.body;
    const step = await add
      .mutateAsync({ type, config, ...(name ? { name } : {}), position: placeFor(source) })
      .catch(() => undefined);
    if (!step) return;
    if (source) {
      try {
        await connect.mutateAsync({ fromStepId: source.stepId, toStepId: step.id, ...source.way.body });
      } catch (err) {
        toast(t('The step was added, but not connected: {error}', { error: errorMessage(err) }), 'error');
      }
    }
    toast(
      t(
        '{type, select, SEND_EMAIL {Send email step added} DELAY {Delay step added} WAIT_FOR_EVENT {Wait for event step added} CONDITION {Condition step added} WEBHOOK {Webhook step added} UPDATE_CONTACT {Update contact step added} other {Exit step added}}',
        { type },
      ),
    );
    onCreated(step);
  };
  usePanelForm({
    changed: form.changed,
    canSave: true,
    saving: busy,
    submit: () => void submit(),
    leaveMessage: t('This step is not added yet. Leave and lose it?'),
  });

  return (
    <PanelShell
      title={t(
        '{type, select, SEND_EMAIL {New send email step} DELAY {New delay step} WAIT_FOR_EVENT {New wait for event step} CONDITION {New condition step} WEBHOOK {New webhook step} UPDATE_CONTACT {New update contact step} other {New exit step}}',
        { type },
      )}
      icon={<StepIcon type={type} size="sm" />}
      onClose={onClose}
      onBack={onBack}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form="new-step" loading={busy}>
            {t('Add step')}
          </Button>
        </>
      }
    >
      <form
        id="new-step"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="space-y-5"
        noValidate
      >
        <StepFormFields form={form} error={add.error} nameHint={t('The step’s name on the canvas.')} />
        <Select label={t('Comes after')} value={from} onChange={(e) => setFrom(e.target.value)}>
          <option value="">{t('Nothing yet (connect it later)')}</option>
          {free.map((f) => (
            <option key={wayKey(f)} value={wayKey(f)}>
              {titles.get(f.stepId)}
              {f.way.label ? ` → ${t(f.way.label)}` : ''}
            </option>
          ))}
        </Select>
      </form>
    </PanelShell>
  );
}
