/** What an execution was started with: its trigger event's data and the context given to it. */
import { useTranslation } from 'react-i18next';
import { JsonBlock } from '../../../components/CodeBlock.tsx';
import { Card } from '../../../components/Layout.tsx';
import type { Execution } from '../model.ts';

export function ExecutionData({ execution: e }: { execution: Execution }) {
  const { t } = useTranslation();
  return (
    <Card title={t('Data')}>
      <div className="space-y-4">
        <DataPart
          title={t('Trigger event')}
          label={t('Trigger event data')}
          value={e.event}
          none={t('No event data.')}
        />
        <DataPart
          title={t('Context')}
          label={t('Execution context')}
          value={e.context}
          none={t('No context was given.')}
        />
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
