/** Suppression import, step one: pick a CSV file (one address or *@domain a line), see its first lines, start. */
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, fieldError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { CSV_MAX_BYTES, CsvFilePicker, sizeText } from '../../components/CsvFilePicker.tsx';
import { Card, PageHeader } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { FormError } from '../../components/States.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { suppressionMutations } from '../../queries/suppressions.ts';
import { useAction } from '../../queries/use-action.ts';
import { canManageSuppressions, SuppressionsNotice } from './shared.tsx';

const PREVIEW_LINES = 5;

interface Preview {
  lines: string[];
  total: number;
}

function previewOf(text: string): Preview {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return { lines: lines.slice(0, PREVIEW_LINES), total: lines.length };
}

export function ImportSuppressionsPage() {
  const { t } = useTranslation();
  const scope = useProject();
  const { to } = scope;
  const navigate = useNavigate();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<Preview>();
  const [readError, setReadError] = useState<string>();
  // The import's page refreshes the rules when it ends.
  const upload = useAction(suppressionMutations.upload(scope), {
    inline: true,
    onSuccess: (job) => navigate(to('suppressions', 'import', job.id)),
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
      setPreview(previewOf(await f.text()));
    } catch {
      setReadError(t('This file could not be read. Save it as CSV (UTF-8) and try again.'));
    }
  };

  // The API's message about the file starts with a verb ("has 3 columns on its first line…"), in English.
  const refusal = fieldError(upload.error, 'file');
  const fileError = refusal && t('This file {refusal}.', { refusal });
  const problem = readError ?? (preview?.total === 0 ? t('This file is empty.') : undefined);
  return (
    <>
      <BackLink to={to('suppressions')}>{t('Suppressions')}</BackLink>
      <PageHeader
        title={t('Import suppressions')}
        description={t('Upload a CSV file of addresses and domains this project must never send to.')}
      />
      {canManageSuppressions(scope.project) ? (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
          <Card title={t('File')} className="min-w-0">
            <CsvFilePicker chosen={Boolean(file)} onChoose={(f) => void choose(f)} />
            {file && (
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{file.name}</p>
                  <p className="text-slate-500">
                    {sizeText(file.size)}
                    {preview &&
                      !problem &&
                      ` · ${t('{count, plural, one {# line} other {# lines}}', { count: preview.total })}`}
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
            {preview && !problem && (
              <div className="mt-4">
                <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                  {t('First lines')}
                </h3>
                <ol className="space-y-0.5 rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-700 ring-1 ring-slate-200">
                  {preview.lines.map((line, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: preview lines are fixed.
                    <li key={i} className="break-all">
                      {line}
                    </li>
                  ))}
                </ol>
                {preview.total > preview.lines.length && (
                  <p className="mt-1 text-xs text-slate-500">
                    {t('and {count} more.', { count: formatNumber(preview.total - preview.lines.length) })}
                  </p>
                )}
              </div>
            )}
            <div className="mt-3 space-y-2">
              {(problem ?? fileError) && (
                <Callout tone="danger" role="alert">
                  <p>{problem ?? fileError}</p>
                </Callout>
              )}
              <FormError error={upload.error && !refusal ? upload.error : null} />
              {upload.error instanceof ApiError && upload.error.suggestion && (
                <p className="text-sm text-slate-600">{upload.error.suggestion}</p>
              )}
            </div>
          </Card>
          <aside aria-labelledby="import-rules" className="text-sm text-slate-600">
            <h2 id="import-rules" className="mb-2 text-sm font-semibold text-slate-900">
              {t('How the import works')}
            </h2>
            <ul className="list-disc space-y-1.5 pl-5">
              <li>
                <Trans
                  i18nKey="One entry a line, no header row: an address (<code>ann@example.com</code>) or a whole domain (<code>*@example.com</code>)."
                  components={{ code: <code /> }}
                />
              </li>
              <li>{t('Each becomes a manual rule; what is already suppressed stays as it is.')}</li>
              <li>{t('Lines that are neither an address nor a domain are skipped and listed at the end.')}</li>
              <li>{t('Mail to a suppressed address is not sent: the email log shows it as suppressed.')}</li>
            </ul>
          </aside>
        </div>
      ) : (
        <SuppressionsNotice />
      )}
    </>
  );
}
