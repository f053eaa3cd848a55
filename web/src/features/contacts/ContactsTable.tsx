/** The contacts list's table: a checkbox per row and for the page, the address, status, first fields, date. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/Layout.tsx';
import { ContactLink } from '../../components/Links.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import type { ContactRow } from '../../queries/contacts.ts';
import { displayValue } from './data-editor.ts';

const CHECKBOX = 'size-4 rounded border-slate-300 accent-brand-600';

export function ContactsTable({
  rows,
  caption,
  selected,
  onToggle,
  onTogglePage,
}: {
  rows: ContactRow[];
  caption: string;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onTogglePage: (ids: string[], select: boolean) => void;
}) {
  const { t } = useTranslation();
  const ids = rows.map((r) => r.id);
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  const some = ids.some((id) => selected.has(id));
  const columns: Column<ContactRow>[] = [
    {
      key: 'select',
      className: 'w-10 pr-0',
      header: (
        <HeaderCheckbox
          checked={all}
          indeterminate={some && !all}
          onChange={() => onTogglePage(ids, !all)}
          disabled={ids.length === 0}
        />
      ),
      cell: (c) => (
        <input
          type="checkbox"
          aria-label={t('Select {email}', { email: c.email })}
          checked={selected.has(c.id)}
          onChange={() => onToggle(c.id)}
          className={CHECKBOX}
        />
      ),
    },
    { key: 'email', header: t('Email'), cell: (c) => <ContactLink id={c.id} email={c.email} /> },
    {
      key: 'status',
      header: t('Status'),
      className: 'w-36',
      cell: (c) =>
        c.subscribed ? <Badge tone="green">{t('Subscribed')}</Badge> : <Badge tone="gray">{t('Unsubscribed')}</Badge>,
    },
    {
      key: 'fields',
      header: t('Fields'),
      className: 'hidden xl:table-cell',
      cell: (c) => <FieldChips data={c.data} />,
    },
    {
      key: 'created',
      header: t('Added'),
      className: 'hidden w-32 whitespace-nowrap sm:table-cell',
      cell: (c) => <time title={formatDateTime(c.createdAt)}>{formatDate(c.createdAt)}</time>,
    },
  ];
  return <Table caption={caption} columns={columns} rows={rows} rowKey={(c) => c.id} />;
}

function HeaderCheckbox({
  checked,
  indeterminate,
  onChange,
  disabled,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  // `indeterminate` is a property only, never an attribute.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={t('Select all contacts on this page')}
      checked={checked}
      disabled={disabled}
      onChange={onChange}
      className={CHECKBOX}
    />
  );
}

/** The first few custom fields of a row, as compact chips. */
function FieldChips({ data }: { data: Record<string, unknown> }) {
  const keys = Object.keys(data);
  if (keys.length === 0) return <span className="text-slate-500">—</span>;
  const shown = keys.slice(0, 2);
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-1">
      {shown.map((k) => (
        <span
          key={k}
          className="max-w-48 truncate rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800"
          title={`${k}: ${displayValue(data[k])}`}
        >
          <span className="text-slate-600">{k}:</span> {displayValue(data[k])}
        </span>
      ))}
      {keys.length > shown.length && <span className="text-xs text-slate-500">+{keys.length - shown.length}</span>}
    </span>
  );
}
