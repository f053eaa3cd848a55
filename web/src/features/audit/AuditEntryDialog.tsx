/**
 * One audit entry in a dialog: when, who, from where, the resource, and each changed field with its
 * value before and after side by side (JSON indented, long values wrapped in a box that scrolls).
 */
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog.tsx';
import { Fact } from '../../components/Fact.tsx';
import { TextLink } from '../../components/Links.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import type { AuditEntry } from '../../queries/audit.ts';
import { Actor } from './Actor.tsx';
import { ChangesTable } from './ChangesTable.tsx';
import { fieldChanges, resourceScreen, resourceTypeLabel } from './describe.ts';

export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={entry !== null} onClose={onClose} title={entry?.action ?? t('Entry')} wide>
      {entry && <EntryDetail entry={entry} />}
    </Dialog>
  );
}

function EntryDetail({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const { to } = useProject();
  const screen = resourceScreen(entry);
  const changes = fieldChanges(entry);
  return (
    <div className="space-y-5 text-sm">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Fact label={t('When')}>
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        </Fact>
        <Fact label={t('Who')}>
          <Actor entry={entry} />
        </Fact>
        <Fact label={t('Resource')}>
          {resourceTypeLabel(entry.resource.type)}
          {entry.resource.id && (
            <span className="block break-all font-mono text-xs">
              {screen ? <TextLink to={to(...screen)}>{entry.resource.id}</TextLink> : entry.resource.id}
            </span>
          )}
        </Fact>
        <Fact label={t('IP address')}>
          {entry.ip ? <span className="font-mono text-xs">{entry.ip}</span> : t('Not recorded')}
        </Fact>
        <Fact label={t('Browser or client')} className="sm:col-span-2">
          {entry.userAgent ? <span className="break-all text-xs">{entry.userAgent}</span> : t('Not recorded')}
        </Fact>
      </dl>
      <section aria-labelledby="audit-changes">
        <h3 id="audit-changes" className="mb-1.5 text-sm font-semibold text-slate-900">
          {t('Changes')}
        </h3>
        {changes.length === 0 ? (
          <p className="text-slate-500">{t('This entry records an action, not a change of fields.')}</p>
        ) : (
          <ChangesTable changes={changes} />
        )}
      </section>
    </div>
  );
}
