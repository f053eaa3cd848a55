// biome-ignore-all lint/a11y/noRedundantRoles: on a phone the rows are laid out as blocks, which drops a table's implicit roles; the explicit ones keep it a table for screen readers.
/** An audit entry's changed fields, each with its value before and after, side by side. */
import { useTranslation } from 'react-i18next';
import { type FieldChange, showValue } from './describe.ts';

/**
 * Field | before | after, one row a field; the columns keep their share of the width however long a
 * value is. On a phone each field stacks its before over its after, each labelled; the explicit
 * roles keep it a table for screen readers when its rows are laid out as blocks.
 */
export function ChangesTable({ changes }: { changes: FieldChange[] }) {
  const { t } = useTranslation();
  const cell = 'px-3 py-2 align-top max-sm:block max-sm:py-1';
  return (
    <div className="overflow-hidden rounded-md border border-slate-200">
      <table role="table" className="w-full table-fixed text-sm">
        <caption className="sr-only">{t('Changed fields, before and after')}</caption>
        <thead
          role="rowgroup"
          className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 max-sm:sr-only"
        >
          <tr role="row">
            <th role="columnheader" scope="col" className="w-40 px-3 py-2">
              {t('Field')}
            </th>
            <th role="columnheader" scope="col" className="px-3 py-2">
              {t('Before')}
            </th>
            <th role="columnheader" scope="col" className="px-3 py-2">
              {t('After')}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-slate-100">
          {changes.map((c) => (
            <tr key={c.field} role="row" className="max-sm:block max-sm:py-1">
              <th
                role="rowheader"
                scope="row"
                className={`${cell} break-words text-left font-mono text-xs font-medium text-slate-900 sm:text-sm`}
              >
                {c.field}
              </th>
              <td role="cell" className={`${cell} bg-red-50/50`}>
                <PhoneLabel>{t('Before')}</PhoneLabel>
                <Value value={c.before} label={t('{field} before', { field: c.field })} />
              </td>
              <td role="cell" className={`${cell} bg-emerald-50/50`}>
                <PhoneLabel>{t('After')}</PhoneLabel>
                <Value value={c.after} label={t('{field} after', { field: c.field })} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The column's name beside a value where the header row is not shown (a phone); the header names it otherwise. */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span aria-hidden className="mb-0.5 block text-xs font-semibold uppercase tracking-wide text-slate-500 sm:hidden">
      {children}
    </span>
  );
}

function Value({ value, label }: { value: unknown; label: string }) {
  const { t } = useTranslation();
  const shown = showValue(value);
  if (shown.kind === 'none') return <span className="text-slate-500 italic">{t('none')}</span>;
  if (shown.kind === 'text')
    return <span className="whitespace-pre-wrap break-words text-slate-800">{shown.text}</span>;
  return (
    // Wrapped at word ends where it can (HTML, text), anywhere in a token longer than the column.
    <pre
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard.
      tabIndex={0}
      title={label}
      className="max-h-64 overflow-auto whitespace-pre-wrap rounded-md bg-white/70 p-2 font-mono text-xs leading-relaxed text-slate-700 ring-1 ring-slate-200 [overflow-wrap:anywhere]"
    >
      {shown.text}
    </pre>
  );
}
