import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/Layout.tsx';
import type { AuditEntry } from '../../queries/audit.ts';
import { actorLabel } from './describe.ts';

/** A member by address; a key or the server itself as a badge. */
export function Actor({ entry }: { entry: Pick<AuditEntry, 'actor'> }) {
  const { t } = useTranslation();
  const { actor } = entry;
  if (actor.type === 'USER') return <span className="block truncate">{actorLabel(actor)}</span>;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge tone={actor.type === 'KEY' ? 'blue' : 'gray'}>{actor.type === 'KEY' ? t('API key') : t('System')}</Badge>
      {actor.type === 'KEY' && actor.id && <span className="break-all font-mono text-xs">{actor.id}</span>}
    </span>
  );
}
