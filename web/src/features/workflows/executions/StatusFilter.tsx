/** The executions' status filter: All or one status, as toggle buttons. */
import { cx } from '../../../lib/cx.ts';
import { EXECUTION_STATUSES, type ExecutionStatus, STATUS_INFO } from '../model.ts';

export function StatusFilter({
  status,
  onChange,
}: {
  status: ExecutionStatus | undefined;
  onChange: (status: ExecutionStatus | undefined) => void;
}) {
  return (
    <fieldset aria-label="Filter by status" className="mb-3 flex flex-wrap gap-1.5">
      {[undefined, ...EXECUTION_STATUSES].map((s) => (
        <button
          key={s ?? 'all'}
          type="button"
          aria-pressed={status === s}
          onClick={() => onChange(s)}
          className={cx(
            'rounded-full border px-3 py-1 text-sm',
            status === s
              ? 'border-brand-600 bg-brand-600 text-white'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
          )}
        >
          {s ? STATUS_INFO[s].label : 'All'}
        </button>
      ))}
    </fieldset>
  );
}
