/**
 * Two versions of a template side by side: what differs in subject, format and author, and both
 * rendered by the server as they would be sent (one width switch for both previews).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewWidth } from '../../components/PreviewFrame.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { formatLabel } from '../../editor/formats.ts';
import { ServerPreview } from '../../editor/ServerPreview.tsx';
import { msg } from '../../i18n/msg.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type PreviewBody, type TemplateVersion, templateQueries } from '../../queries/templates.ts';
import { authorName } from './DraftBar.tsx';

/** What the server renders for a version: its own format and content, no sample data. */
function previewOf(v: TemplateVersion): PreviewBody {
  return v.format === 'BLOCKS' && v.document
    ? { format: v.format, subject: v.subject, document: v.document }
    : { format: v.format, subject: v.subject, body: v.body };
}

/** The rows of the comparison: each field (an English message, translated where shown) of both versions, and whether it differs. */
export function differences(a: TemplateVersion, b: TemplateVersion) {
  const rows: Array<[string, string, string]> = [
    [msg('Subject'), a.subject, b.subject],
    [msg('Format'), formatLabel(a.format), formatLabel(b.format)],
    [msg('Saved by'), authorName(a.createdBy), authorName(b.createdBy)],
    [msg('Saved'), formatDateTime(a.createdAt), formatDateTime(b.createdAt)],
  ];
  return rows.map(([field, left, right]) => ({ field, left, right, changed: left !== right }));
}

export function CompareVersions({
  templateId,
  a,
  b,
  from,
  fromName,
}: {
  templateId: string;
  a: number;
  b: number;
  from: string;
  fromName: string;
}) {
  const { t } = useTranslation();
  const scope = useProject();
  const left = useQuery(templateQueries.version(scope, templateId, a));
  const right = useQuery(templateQueries.version(scope, templateId, b));
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  if (left.isError || right.isError) {
    return <ErrorState error={left.error ?? right.error} retry={() => (left.isError ? left : right).refetch()} />;
  }
  if (!left.data || !right.data) {
    return (
      <div role="status" aria-label={t('Loading the versions')} className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  return (
    <section aria-label={t('Version {a} and version {b}', { a, b })} className="space-y-3">
      <div className="relative overflow-x-auto rounded-md border border-slate-200 [contain:inline-size]">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t('Version {a} compared with version {b}', { a, b })}</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('Field')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('Version {n}', { n: a })}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('Version {n}', { n: b })}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {differences(left.data, right.data).map((row) => (
              <tr key={row.field} className={row.changed ? 'bg-amber-50' : undefined}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-700">
                  {t(row.field)}
                  {row.changed && <span className="ml-2 text-xs font-normal text-amber-800">{t('changed')}</span>}
                </th>
                <td className="px-3 py-2 break-all text-slate-800">{row.left}</td>
                <td className="px-3 py-2 break-all text-slate-800">{row.right}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {(
          [
            [a, left.data],
            [b, right.data],
          ] as const
        ).map(([n, version]) => (
          <ServerPreview
            key={n}
            body={previewOf(version)}
            title={t('Version {n}', { n })}
            from={from}
            fromName={fromName}
            height={460}
            width={width}
            onWidth={setWidth}
          />
        ))}
      </div>
    </section>
  );
}
