import { Info } from 'lucide-react';
import type { Project } from '../../api/session.ts';
import { Badge } from '../../components/Layout.tsx';
import type { Domain } from './queries.ts';

/** OWNER and ADMIN add and remove domains (the API answers 403 to anyone else). */
export function mayManageDomains(role: Project['role']): boolean {
  return role === 'OWNER' || role === 'ADMIN';
}

export function DomainStatus({ domain }: { domain: Pick<Domain, 'verified'> }) {
  return domain.verified ? <Badge tone="green">Verified</Badge> : <Badge tone="yellow">Pending</Badge>;
}

export function RoleNotice() {
  return (
    <div className="mb-4 flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>You can see the domains and check them. Adding or removing a domain needs the Owner or Admin role.</p>
    </div>
  );
}
