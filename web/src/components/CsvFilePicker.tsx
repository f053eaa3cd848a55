/** A CSV file picker that is also a drop zone: the first step of every CSV import. */
import { FileSpreadsheet, Upload } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n.ts';
import { cx } from '../lib/cx.ts';

/** The largest file an import takes. */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;

/** "512 B", "3.2 KB", "1.4 MB", in the dashboard's language ("3,2 Ko"). */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return i18n.t('{size, number} B', { size: bytes });
  const tenths = (n: number) => Math.round(n * 10) / 10;
  if (bytes < 1024 * 1024) return i18n.t('{size, number, ::.0} KB', { size: tenths(bytes / 1024) });
  return i18n.t('{size, number, ::.0} MB', { size: tenths(bytes / 1024 / 1024) });
}

/**
 * The visually hidden file input with its label drawn as a dashed drop zone (the label's click opens
 * the browser's picker, its focus ring follows the input's). `chosen` says whether a file is picked.
 */
export function CsvFilePicker({ chosen, onChoose }: { chosen: boolean; onChoose: (file: File | undefined) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    onChoose(e.dataTransfer.files[0]);
  };
  return (
    <>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        className="peer sr-only"
        onChange={(e) => onChoose(e.target.files?.[0])}
      />
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cx(
          'flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors peer-focus-visible:border-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600/30 hover:border-brand-500',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50',
        )}
      >
        <FileSpreadsheet className="mb-2 size-8 text-slate-400" aria-hidden />
        <span className="inline-flex h-9 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-800 shadow-sm">
          <Upload className="size-4" aria-hidden />
          {chosen ? t('Choose another CSV file') : t('Choose a CSV file')}
        </span>
        <span className="mt-2 text-xs text-slate-500">{t('or drop it here · UTF-8, up to 5 MB')}</span>
      </label>
    </>
  );
}
