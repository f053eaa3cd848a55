/** What an execution was started with: its trigger event's data and the context given to it. */
import { JsonBlock } from '../../../components/CodeBlock.tsx';
import { Card } from '../../../components/Layout.tsx';
import type { Execution } from '../model.ts';

export function ExecutionData({ execution: e }: { execution: Execution }) {
  return (
    <Card title="Data">
      <div className="space-y-4">
        <DataPart title="Trigger event" label="Trigger event data" value={e.event} none="No event data." />
        <DataPart title="Context" label="Execution context" value={e.context} none="No context was given." />
      </div>
    </Card>
  );
}

function DataPart({ title, label, value, none }: { title: string; label: string; value: object; none: string }) {
  return (
    <div>
      <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">{title}</h3>
      {Object.keys(value).length ? (
        <JsonBlock label={label} value={value} />
      ) : (
        <p className="text-sm text-slate-500">{none}</p>
      )}
    </div>
  );
}
