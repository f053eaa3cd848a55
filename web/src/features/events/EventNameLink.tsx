import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { useProject } from '../../lib/project-context.tsx';

/** An event name in a table, linking to the name's page; a system event says so. */
export function EventNameLink({ name, system = false }: { name: string; system?: boolean }) {
  const { t } = useTranslation();
  const { to } = useProject();
  return (
    <span className="inline-flex items-center gap-2">
      <TextLink to={to('events', name)} className="font-mono text-[13px]">
        {name}
      </TextLink>
      {system && <Badge>{t('System')}</Badge>}
    </span>
  );
}
