import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/Layout.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import type { Domain } from '../../queries/domains.ts';

export function DomainStatus({ domain }: { domain: Pick<Domain, 'verified'> }) {
  const { t } = useTranslation();
  return domain.verified ? <Badge tone="green">{t('Verified')}</Badge> : <Badge tone="yellow">{t('Pending')}</Badge>;
}

/** Shown to whoever lacks 'domains.manage': the screens stay readable, the actions are hidden. */
export function DomainsNotice() {
  const { t } = useTranslation();
  return (
    <PermissionNotice permission="domains.manage">
      {t('You can see the domains and check them. Your role does not let you add or remove a domain.')}
    </PermissionNotice>
  );
}
