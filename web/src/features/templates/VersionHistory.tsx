/**
 * A template's versions, newest first, a page at a time: who saved each and when, its subject and
 * format; two chosen to compare side by side (CompareVersions), and any earlier one restored (its
 * content becomes a new version, after asking: unsaved changes on screen are dropped).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Select } from '../../components/Field.tsx';
import { Badge, Card } from '../../components/Layout.tsx';
import { ListStates } from '../../components/ListScreen.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { formatLabel } from '../../editor/formats.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import {
  type Template,
  type TemplateVersionSummary,
  templateMutations,
  templateQueries,
} from '../../queries/templates.ts';
import { useAction } from '../../queries/use-action.ts';
import { CompareVersions } from './CompareVersions.tsx';
import { authorName } from './DraftBar.tsx';

const PAGE_SIZE = 10;

export function VersionHistory({
  template,
  dirty,
  onRestored,
}: {
  template: Template;
  dirty: boolean;
  /** Drops the form's changes once a restored version is the template's. */
  onRestored: () => void;
}) {
  const { t } = useTranslation();
  const scope = useProject();
  const [page, setPage] = useState(1);
  const list = useQuery(templateQueries.versions(scope, template.id, page, PAGE_SIZE));
  const [restoring, setRestoring] = useState<number | null>(null);
  const [pair, setPair] = useState<{ a: number; b: number } | null>(null);
  const [a, setA] = useState(Math.max(1, template.version - 1));
  const [b, setB] = useState(template.version);
  const restore = useAction(templateMutations.restore(scope, template.id), {
    inline: true,
    onSuccess: (restored, { version }) => {
      toast(t('Version {version} restored as version {current}', { version, current: restored.version }));
      setRestoring(null);
      // A form without changes follows the template by itself; one with changes drops them, as asked.
      if (dirty) onRestored();
    },
  });

  const columns: Column<TemplateVersionSummary>[] = [
    {
      key: 'version',
      header: t('Version'),
      cell: (v) => (
        <span className="inline-flex items-center gap-2 font-medium text-slate-900">
          {v.version}
          {v.version === template.version && <Badge tone="green">{t('Live')}</Badge>}
        </span>
      ),
    },
    {
      key: 'saved',
      header: t('Saved'),
      cell: (v) => <RelativeTime iso={v.createdAt} className="whitespace-nowrap" />,
    },
    { key: 'by', header: t('By'), cell: (v) => authorName(v.createdBy), className: 'hidden md:table-cell' },
    { key: 'subject', header: t('Subject'), cell: (v) => <div className="max-w-xs truncate">{v.subject}</div> },
    { key: 'format', header: t('Format'), cell: (v) => formatLabel(v.format) },
    {
      key: 'restore',
      header: <span className="sr-only">{t('Actions')}</span>,
      className: 'text-right',
      cell: (v) =>
        v.version === template.version ? null : (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setRestoring(v.version)}
            aria-label={t('Restore version {n}', { n: v.version })}
          >
            {t('Restore')}
          </Button>
        ),
    },
  ];

  return (
    <Card title={t('Versions')}>
      <div className="space-y-4">
        {template.version > 1 && (
          <div className="flex flex-wrap items-end gap-3">
            <VersionSelect label={t('Compare version')} value={a} onChange={setA} latest={template.version} />
            <VersionSelect label={t('with version')} value={b} onChange={setB} latest={template.version} />
            <Button variant="secondary" onClick={() => setPair({ a, b })}>
              {t('Compare')}
            </Button>
            {pair && (
              <Button variant="ghost" onClick={() => setPair(null)}>
                {t('Close comparison')}
              </Button>
            )}
          </div>
        )}
        {pair && (
          <CompareVersions
            templateId={template.id}
            a={pair.a}
            b={pair.b}
            from={template.from ?? ''}
            fromName={template.fromName ?? ''}
          />
        )}
        <ListStates
          query={list}
          loadingLabel={t('Loading versions')}
          loadingRows={3}
          isEmpty={(data) => data.versions.length === 0}
          empty={<p className="text-sm text-slate-600">{t('No versions yet.')}</p>}
          paging={(data) => ({
            label: t('Page {page} of {pages}', { page: data.page, pages: Math.max(1, data.totalPages) }),
            onPrev: page > 1 ? () => setPage(page - 1) : undefined,
            onNext: page < data.totalPages ? () => setPage(page + 1) : undefined,
          })}
        >
          {(data) => (
            <Table caption={t('Versions')} columns={columns} rows={data.versions} rowKey={(v) => String(v.version)} />
          )}
        </ListStates>
      </div>
      <ConfirmDialog
        open={restoring !== null}
        onClose={() => setRestoring(null)}
        title={t('Restore version {n}?', { n: restoring })}
        confirmLabel={t('Restore')}
        busy={restore.isPending}
        error={restore.error}
        onConfirm={() => restoring !== null && restore.mutate({ version: restoring, baseVersion: template.version })}
      >
        <p>
          {t(
            'Its subject and content become the template’s again, as version {next}. Version {current} stays in the history.',
            {
              next: template.version + 1,
              current: template.version,
            },
          )}
          {dirty && ` ${t('Your unsaved changes on this screen are dropped.')}`}
        </p>
      </ConfirmDialog>
    </Card>
  );
}

/** One of the template's version numbers, newest first. */
function VersionSelect({
  label,
  value,
  onChange,
  latest,
}: {
  label: string;
  value: number;
  onChange: (n: number) => void;
  latest: number;
}) {
  return (
    <div className="w-36">
      <Select label={label} value={String(value)} onChange={(e) => onChange(Number(e.target.value))}>
        {Array.from({ length: latest }, (_, i) => latest - i).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </Select>
    </div>
  );
}
