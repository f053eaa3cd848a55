import { Badge } from '../../../components/Layout.tsx';
import { type ExecutionStatus, STATUS_INFO } from '../model.ts';

/** An execution's status as a coloured badge. */
export function StatusBadge({ status }: { status: ExecutionStatus }) {
  const info = STATUS_INFO[status];
  return <Badge tone={info.tone}>{info.label}</Badge>;
}
