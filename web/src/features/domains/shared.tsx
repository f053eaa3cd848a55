import { Info } from 'lucide-react';
import { Badge } from '../../components/Layout.tsx';
import type { Domain } from '../../queries/domains.ts';

export function DomainStatus({ domain }: { domain: Pick<Domain, 'verified'> }) {
  return domain.verified ? <Badge tone="green">Verified</Badge> : <Badge tone="yellow">Pending</Badge>;
}

/** Shown to whoever lacks 'domains.manage': the screens stay readable, the actions are hidden. */
export function RoleNotice() {
  return (
    <div className="mb-4 flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>You can see the domains and check them. Adding or removing a domain needs the Owner or Admin role.</p>
    </div>
  );
}
