/** The executions' status filter: All or one status, as toggle buttons. */
import { ChipFilter } from '../../../components/ChipFilter.tsx';
import { EXECUTION_STATUSES, type ExecutionStatus, STATUS_INFO } from '../model.ts';

export function StatusFilter({
  status,
  onChange,
}: {
  status: ExecutionStatus | undefined;
  onChange: (status: ExecutionStatus | undefined) => void;
}) {
  return (
    <ChipFilter
      values={EXECUTION_STATUSES}
      value={status}
      onChange={onChange}
      labelOf={(s) => STATUS_INFO[s].label}
      className="mb-3"
    />
  );
}
