/** The trigger's panel: how executions start (an event, a schedule, by hand), re-entry, and where they go first. */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { Checkbox, Select, TextInput } from '../../../components/Field.tsx';
import { FormError } from '../../../components/States.tsx';
import { useProject } from '../../../lib/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { segmentQueries } from '../../../queries/segments.ts';
import { useGraphEdits } from '../editor/use-graph-edits.ts';
import { isGraphError } from '../editor/use-graph-problems.ts';
import { EventNameInput } from '../fields/EventNameInput.tsx';
import type { Step, Workflow } from '../model.ts';
import { StepIcon } from '../parts.tsx';
import { PanelShell, ProblemList } from './PanelShell.tsx';
import { unshown } from './step-form.ts';
import { type TriggerDraft, type TriggerType, triggerChanged, triggerDraft, triggerPatch } from './trigger-draft.ts';
import { WaysSection } from './WaysSection.tsx';

const OPTIONS: Array<{ value: TriggerType; label: string; hint: string }> = [
  {
    value: 'EVENT',
    label: 'When an event is tracked',
    hint: 'Each tracked event starts an execution for its contact.',
  },
  { value: 'SCHEDULE', label: 'On a schedule', hint: 'Runs for every contact (or a segment’s) at set times.' },
  {
    value: 'MANUAL',
    label: 'Only when started by hand',
    hint: 'From the Executions tab or POST /workflows/:id/executions.',
  },
];

const SHOWN = ['eventName', 'triggerConfig', 'triggerType', 'allowReentry', 'steps'];

export function TriggerPanel({
  workflow,
  step,
  problems,
  onClose,
  report,
}: {
  workflow: Workflow;
  step: Step;
  problems: string[];
  onClose: () => void;
  /** The editor's error channel: graph problems above the canvas, anything else a toast. */
  report: (e: unknown) => void;
}) {
  const { patchWorkflow } = useGraphEdits(workflow.id);
  const [draft, setDraft] = useState(() => triggerDraft(workflow));
  const set = (patch: Partial<TriggerDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const error = patchWorkflow.error;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The promise, not mutate's callbacks: the saved workflow's new updatedAt remounts this panel.
    patchWorkflow.mutateAsync(triggerPatch(draft)).then(
      () => toast('Trigger saved'),
      (err) => {
        // The form shows its own refusals; only the graph's go above the canvas.
        if (isGraphError(err)) report(err);
      },
    );
  };

  return (
    <PanelShell
      title="Trigger"
      icon={<StepIcon type="TRIGGER" size="sm" />}
      onClose={onClose}
      footer={
        <>
          <span />
          <Button
            type="submit"
            form="trigger-form"
            disabled={!triggerChanged(draft, workflow)}
            loading={patchWorkflow.isPending}
          >
            Save trigger
          </Button>
        </>
      }
    >
      <ProblemList problems={problems} />
      <form id="trigger-form" onSubmit={submit} className="space-y-5" noValidate>
        <FormError error={unshown(error, SHOWN)} />
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Starts</legend>
          {OPTIONS.map((o) => (
            <label
              key={o.value}
              className="flex items-start gap-2 rounded-md border border-slate-200 p-2.5 text-sm has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50/50"
            >
              <input
                type="radio"
                name="trigger-type"
                value={o.value}
                checked={draft.triggerType === o.value}
                onChange={() => set({ triggerType: o.value })}
                className="mt-0.5 accent-brand-600"
              />
              <span>
                <span className="block font-medium text-slate-800">{o.label}</span>
                <span className="block text-xs text-slate-500">{o.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {draft.triggerType === 'EVENT' && (
          <EventNameInput
            label="Event name"
            value={draft.eventName}
            onChange={(e) => set({ eventName: e.target.value })}
            error={fieldError(error, 'triggerConfig.eventName') ?? fieldError(error, 'eventName')}
          />
        )}
        {draft.triggerType === 'SCHEDULE' && <ScheduleFields draft={draft} set={set} error={error} />}
        <Checkbox
          label="Let a contact go through again after finishing"
          checked={draft.allowReentry}
          onChange={(e) => set({ allowReentry: e.target.checked })}
        />
      </form>
      <hr className="border-slate-100" />
      <WaysSection workflow={workflow} step={step} onError={report} />
    </PanelShell>
  );
}

/** A schedule's cron expression and who it runs for (every contact, or a segment's). */
function ScheduleFields({
  draft,
  set,
  error,
}: {
  draft: TriggerDraft;
  set: (patch: Partial<TriggerDraft>) => void;
  error: unknown;
}) {
  const segments = useQuery(segmentQueries.list(useProject()));
  return (
    <>
      <TextInput
        label="Schedule (cron, UTC)"
        value={draft.schedule}
        placeholder="0 9 * * 1"
        onChange={(e) => set({ schedule: e.target.value })}
        error={fieldError(error, 'triggerConfig.schedule')}
        hint="Five fields: minute hour day month weekday. 0 9 * * 1 is Mondays at 09:00 UTC."
        className="font-mono"
      />
      <Select
        label="Who"
        value={draft.segmentId}
        onChange={(e) => set({ segmentId: e.target.value })}
        error={fieldError(error, 'triggerConfig.segmentId')}
      >
        <option value="">Every contact</option>
        {segments.data?.map((s) => (
          <option key={s.id} value={s.id}>
            Contacts in {s.name}
          </option>
        ))}
      </Select>
    </>
  );
}
