/** CSV import, step one: pick a file, see its columns and first rows, start the import. */
import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, fieldError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { CSV_MAX_BYTES, CsvFilePicker, sizeText } from '../../components/CsvFilePicker.tsx';
import { Badge, Card, PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { FormError } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { importMutations } from '../../queries/imports.ts';
import { useAction } from '../../queries/use-action.ts';
import { type CsvPreview, columnRole, previewCsv } from './csv-preview.ts';

export function ImportPage() {
  const { t } = useTranslation();
  const scope = useProject();
  const { to } = scope;
  const navigate = useNavigate();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<CsvPreview>();
  const [readError, setReadError] = useState<string>();

  // The job page refreshes what the import changed when it ends.
  const upload = useAction(importMutations.upload(scope), {
    inline: true,
    onSuccess: (job) => navigate(to('contacts', 'import', job.jobId)),
  });

  const choose = async (f: File | undefined) => {
    upload.reset();
    setFile(f);
    setPreview(undefined);
    setReadError(undefined);
    if (!f) return;
    if (f.size > CSV_MAX_BYTES) {
      setReadError(
        t('This file is {size}; the limit is 5 MB. Split it into smaller files.', { size: sizeText(f.size) }),
      );
      return;
    }
    try {
      setPreview(previewCsv(await f.text()));
    } catch {
      setReadError(t('This file could not be read. Save it as CSV (UTF-8) and try again.'));
    }
  };

  const fileError = fieldError(upload.error, 'file');
  const noEmail = preview !== undefined && preview.headers.length > 0 && preview.emailIndex < 0;
  const noRows = preview !== undefined && preview.totalRows === 0;
  const problem =
    readError ??
    (preview && preview.headers.length === 0 ? t('This file is empty.') : undefined) ??
    (noEmail
      ? t('This file has no “email” column. The first row must name the columns, one of them “email”.')
      : undefined) ??
    (noRows ? t('This file has a header row but no contacts under it.') : undefined);

  return (
    <>
      <BackLink to={to('contacts')}>{t('Contacts')}</BackLink>
      <PageHeader
        title={t('Import contacts')}
        description={t(
          'Upload a CSV file. New addresses become subscribed contacts; known ones get their fields updated.',
        )}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-6">
          <Card title={t('File')}>
            <CsvFilePicker chosen={Boolean(file)} onChoose={(f) => void choose(f)} />

            {file && (
              <div className="mt-4 flex items-center justify-between gap-3 text-sm">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{file.name}</p>
                  <p className="text-slate-500">
                    {sizeText(file.size)}
                    {preview &&
                      !problem &&
                      ` · ${t(
                        '{rows, plural, one {# row} other {# rows}} · {columns, plural, one {# column} other {# columns}}',
                        {
                          rows: preview.totalRows,
                          columns: preview.headers.length,
                        },
                      )}`}
                  </p>
                </div>
                <Button
                  loading={upload.isPending}
                  disabled={Boolean(problem) || !preview}
                  onClick={() => upload.mutate(file)}
                >
                  {t('Start import')}
                </Button>
              </div>
            )}
            <div className="mt-3 space-y-2">
              {(problem ?? fileError) && (
                <Callout tone="danger" role="alert">
                  <p>{problem ?? fileError}</p>
                </Callout>
              )}
              <FormError error={upload.error && !fileError ? upload.error : null} />
              {upload.error instanceof ApiError && upload.error.suggestion && (
                <p className="text-sm text-slate-600">{upload.error.suggestion}</p>
              )}
            </div>
          </Card>

          {preview && preview.headers.length > 0 && !readError && <PreviewCard preview={preview} />}
        </div>

        <aside aria-labelledby="import-rules" className="text-sm text-slate-600">
          <h2 id="import-rules" className="mb-2 text-sm font-semibold text-slate-900">
            {t('How the import works')}
          </h2>
          <ul className="list-disc space-y-1.5 pl-5">
            <li>
              <Trans
                i18nKey="The first row names the columns. <strong>email</strong> is the only one required."
                components={{ strong: <strong /> }}
              />
            </li>
            <li>{t("Every other column becomes a custom field with the column's name.")}</li>
            <li>
              <Trans
                i18nKey="Numbers, <code>true</code>/<code>false</code> (or yes/no) and ISO dates such as <code>2026-03-01</code> are stored typed; everything else as text."
                components={{ code: <code /> }}
              />
            </li>
            <li>{t('An address that is already a contact gets its fields updated; nothing is duplicated.')}</li>
            <li>{t('New contacts are subscribed. Rows with a missing or invalid email are skipped and listed.')}</li>
            <li>{t('Columns named id, subscribed, createdAt or updatedAt are left out.')}</li>
          </ul>
        </aside>
      </div>
    </>
  );
}

function PreviewCard({ preview }: { preview: CsvPreview }) {
  const { t } = useTranslation();
  return (
    <Card title={t('Preview')}>
      <ul aria-label={t('Columns')} className="mb-4 flex flex-wrap gap-1.5">
        {preview.headers.map((h, i) => {
          const role = columnRole(h, i, preview.emailIndex);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by position.
            <li key={i} className="inline-flex items-center gap-1 rounded-md border border-slate-200 px-2 py-1 text-xs">
              {role === 'ignored' ? (
                <XCircle className="size-3.5 text-slate-400" aria-hidden />
              ) : (
                <CheckCircle2 className="size-3.5 text-emerald-600" aria-hidden />
              )}
              <span className="font-medium text-slate-800">{h || t('(no name)')}</span>
              <Badge tone={role === 'email' ? 'brand' : role === 'field' ? 'gray' : 'yellow'}>
                {role === 'email' ? t('Email') : role === 'field' ? t('Field') : t('Left out')}
              </Badge>
            </li>
          );
        })}
      </ul>
      <div className="overflow-x-auto rounded-md border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-xs">
          <caption className="sr-only">{t('The first rows of the file')}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-500">
                {t('Row')}
              </th>
              {preview.headers.map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by position.
                <th key={i} scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-500">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows are fixed.
              <tr key={r}>
                <td className="px-3 py-1.5 text-slate-500 tabular-nums">{r + 2}</td>
                {preview.headers.map((_, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are identified by position.
                  <td key={c} className="max-w-48 truncate px-3 py-1.5 text-slate-700">
                    {row[c] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.totalRows > preview.rows.length && (
        <p className="mt-2 text-xs text-slate-500">
          {t('{count, plural, one {and # more row.} other {and # more rows.}}', {
            count: preview.totalRows - preview.rows.length,
          })}
        </p>
      )}
    </Card>
  );
}
