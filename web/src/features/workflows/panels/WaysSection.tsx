import { useState } from 'react';
import { Select } from '../../../components/Field.tsx';
import { useGraphEdits } from '../editor/use-graph-edits.ts';
import { handleOf, type Step, stepTitle, type Workflow, waysOut } from '../model.ts';

/** A step's ways out as selects: choosing a step adds the transition, "Nowhere" removes it. */
export function WaysSection({
  workflow,
  step,
  onError,
}: {
  workflow: Workflow;
  step: Step;
  onError: (e: unknown) => void;
}) {
  const edits = useGraphEdits(workflow.id);
  const [busy, setBusy] = useState<string | null>(null);
  const ways = waysOut(step.type);
  if (ways.length === 0) return <p className="text-sm text-slate-500">The execution ends at this step.</p>;
  const targets = workflow.steps
    .filter((s) => s.type !== 'TRIGGER' && s.id !== step.id)
    .map((s) => ({ id: s.id, title: stepTitle(s) }))
    .sort((a, b) => a.title.localeCompare(b.title));
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-semibold text-slate-900">Next</legend>
      {ways.map((way) => {
        const existing = workflow.transitions.find((t) => t.fromStepId === step.id && handleOf(t) === way.handle);
        return (
          <Select
            key={way.handle}
            label={way.prompt}
            value={existing?.toStepId ?? ''}
            disabled={busy === way.handle}
            onChange={async (e) => {
              setBusy(way.handle);
              try {
                await edits.setWay(step.id, way.body, existing, e.target.value || null);
              } catch (err) {
                onError(err);
              } finally {
                setBusy(null);
              }
            }}
          >
            <option value="">{step.type === 'CONDITION' ? 'Nowhere yet' : 'Nowhere (the execution ends)'}</option>
            {targets.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </Select>
        );
      })}
    </fieldset>
  );
}
