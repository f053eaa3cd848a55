/**
 * Which side panel the canvas shows: adding a step (type, then form), the trigger, or the selected
 * step. A panel starts afresh when what it edits changed as stored (a save, another tab's), and
 * only then: moving a step or connecting it keeps a form's unsaved edits.
 */
import type { Point } from '../layout.ts';
import type { Step, Workflow } from '../model.ts';
import { EditStepPanel } from '../panels/EditStepPanel.tsx';
import type { FreeWay } from '../panels/free-ways.ts';
import { NewStepPanel } from '../panels/NewStepPanel.tsx';
import { PickTypePanel } from '../panels/PickTypePanel.tsx';
import { canonicalJson } from '../panels/step-form.ts';
import { TriggerPanel } from '../panels/TriggerPanel.tsx';
import type { AddingState } from './use-side-panel.ts';

export function SidePanels({
  workflow,
  adding,
  setAdding,
  newFrom,
  selected,
  problemsOf,
  fieldTypes,
  placeFor,
  select,
  onCreated,
  onDelete,
  report,
}: {
  workflow: Workflow;
  adding: AddingState;
  setAdding: (next: AddingState) => void;
  newFrom: FreeWay | null;
  selected: Step | undefined;
  problemsOf: (stepId: string) => string[];
  fieldTypes: ReadonlyMap<string, string>;
  placeFor: (from: FreeWay | null) => Point;
  select: (id: string | null) => void;
  onCreated: (step: Step) => void;
  onDelete: (step: Step) => void;
  report: (e: unknown) => void;
}) {
  if (adding?.kind === 'pick')
    return <PickTypePanel onPick={(type) => setAdding({ kind: 'new', type })} onClose={() => setAdding(null)} />;
  if (adding?.kind === 'new')
    return (
      <NewStepPanel
        key={adding.type}
        workflow={workflow}
        type={adding.type}
        defaultFrom={newFrom}
        fieldTypes={fieldTypes}
        placeFor={placeFor}
        onCreated={onCreated}
        onBack={() => setAdding({ kind: 'pick' })}
        onClose={() => setAdding(null)}
      />
    );
  if (!selected) return null;
  if (selected.type === 'TRIGGER')
    return (
      <TriggerPanel
        key={canonicalJson([workflow.triggerType, workflow.triggerConfig, workflow.allowReentry])}
        workflow={workflow}
        step={selected}
        problems={problemsOf(selected.id)}
        onClose={() => select(null)}
        report={report}
      />
    );
  return (
    <EditStepPanel
      key={canonicalJson([selected.id, selected.name, selected.config])}
      workflow={workflow}
      step={selected}
      problems={problemsOf(selected.id)}
      fieldTypes={fieldTypes}
      onClose={() => select(null)}
      onDelete={() => onDelete(selected)}
      report={report}
    />
  );
}
