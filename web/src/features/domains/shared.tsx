import { Badge } from '../../components/Layout.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import type { Domain } from '../../queries/domains.ts';

export function DomainStatus({ domain }: { domain: Pick<Domain, 'verified'> }) {
  return domain.verified ? <Badge tone="green">Verified</Badge> : <Badge tone="yellow">Pending</Badge>;
}

/** Shown to whoever lacks 'domains.manage': the screens stay readable, the actions are hidden. */
export function DomainsNotice() {
  return (
    <PermissionNotice permission="domains.manage" sees="the domains and check them" acts="add or remove a domain" />
  );
}
