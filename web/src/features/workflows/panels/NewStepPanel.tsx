/** A new step's form: its settings, label and the free way it comes after; added, then connected. */
import { type FormEvent, useMemo, useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { Select } from '../../../components/Field.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useGraphEdits } from '../editor/use-graph-edits.ts';
import type { Point } from '../layout.ts';
import { type AddableType, STEP_TYPES, type Step, stepTitle, type Workflow } from '../model.ts';
import { StepIcon } from '../parts.tsx';
import { type FreeWay, freeWays, wayKey } from './free-ways.ts';
import { PanelShell } from './PanelShell.tsx';
import { StepFormFields, useStepForm } from './StepForm.tsx';

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
  const edits = useGraphEdits(workflow.id);
  const form = useStepForm(type, fieldTypes);
  const free = useMemo(() => freeWays(workflow), [workflow]);
  const [from, setFrom] = useState(defaultFrom ? wayKey(defaultFrom) : '');
  const titles = new Map(workflow.steps.map((s) => [s.id, stepTitle(s)]));
  const error = edits.addStep.error;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const config = form.config();
    const source = free.find((f) => wayKey(f) === from) ?? null;
    const name = form.name.trim();
    const step = await edits.addStep
      .mutateAsync({ type, config, ...(name ? { name } : {}), position: placeFor(source) })
      .catch(() => undefined);
    if (!step) return;
    if (source) {
      try {
        await edits.addTransition.mutateAsync({ fromStepId: source.stepId, toStepId: step.id, ...source.way.body });
      } catch (err) {
        toast(`The step was added, but not connected: ${errorMessage(err)}`, 'error');
      }
    }
    toast(`${STEP_TYPES[type].label} step added`);
    onCreated(step);
  };

  return (
    <PanelShell
      title={`New ${STEP_TYPES[type].label.toLowerCase()} step`}
      icon={<StepIcon type={type} size="sm" />}
      onClose={onClose}
      onBack={onBack}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="new-step" loading={edits.addStep.isPending || edits.addTransition.isPending}>
            Add step
          </Button>
        </>
      }
    >
      <form id="new-step" onSubmit={submit} className="space-y-5" noValidate>
        <StepFormFields form={form} error={error} nameHint="The step’s name on the canvas." />
        <Select label="Comes after" value={from} onChange={(e) => setFrom(e.target.value)}>
          <option value="">Nothing yet (connect it later)</option>
          {free.map((f) => (
            <option key={wayKey(f)} value={wayKey(f)}>
              {titles.get(f.stepId)}
              {f.way.label ? ` → ${f.way.label}` : ''}
            </option>
          ))}
        </Select>
      </form>
    </PanelShell>
  );
}
