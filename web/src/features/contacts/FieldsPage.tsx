/** The project's fields: built-in and custom, with type and how many contacts have each. */
import { Calendar, Hash, ListChecks, ToggleLeft, Type } from 'lucide-react';
import { Link } from 'react-router';
import { useProject } from '../../app/project-context.tsx';
import { LinkButton } from '../../components/Button.tsx';
import { Badge, PageHeader } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { formatNumber, formatPercent, formatRelative } from '../../lib/format.ts';
import { type FieldDescriptor, type FieldList, useFields } from './queries.ts';

export const TYPE_LOOK = {
  string: { label: 'Text', icon: Type },
  number: { label: 'Number', icon: Hash },
  boolean: { label: 'Yes / No', icon: ToggleLeft },
  date: { label: 'Date', icon: Calendar },
} as const;

export function TypeBadge({ type }: { type: FieldDescriptor['type'] }) {
  const look = TYPE_LOOK[type];
  const Icon = look.icon;
  return (
    <span className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
      <Icon className="size-3.5" aria-hidden />
      {look.label}
    </span>
  );
}

/** The field's name as people use it: `plan` for `data.plan`. */
export function shortName(field: string): string {
  return field.replace(/^data\./, '');
}

export function Coverage({ ratio, contacts }: { ratio: number; contacts: number }) {
  const count = Math.round(ratio * contacts);
  return (
    <div className="flex items-center gap-3">
      <div className="h-1.5 w-24 shrink-0 overflow-hidden rounded-full bg-slate-100" aria-hidden>
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.round(ratio * 100)}%` }} />
      </div>
      <span className="whitespace-nowrap text-slate-700 tabular-nums">
        {formatPercent(ratio)}
        <span className="ml-1.5 text-xs text-slate-500">
          ({formatNumber(count)} of {formatNumber(contacts)})
        </span>
      </span>
    </div>
  );
}

export function coverageNote(info: FieldList['coverageInfo']): string {
  const of = `${formatNumber(info.contacts)} ${info.contacts === 1 ? 'contact' : 'contacts'}`;
  if (info.method === 'sample') return `Coverage estimated from the newest ${of} while the full count runs.`;
  if (info.method === 'cached') return `Coverage of ${of}, counted ${formatRelative(info.computedAt)}.`;
  return `Coverage of all ${of}.`;
}

export function FieldsPage() {
  const { to } = useProject();
  const fields = useFields();
  const info = fields.data?.coverageInfo;
  const custom = (fields.data?.fields ?? [])
    .filter((f) => f.isCustom)
    .sort((a, b) => b.coverage - a.coverage || a.field.localeCompare(b.field));
  const builtIn = (fields.data?.fields ?? []).filter((f) => !f.isCustom);

  const columns = (linkCustom: boolean): Column<FieldDescriptor>[] => [
    {
      key: 'field',
      header: 'Field',
      cell: (f) => (
        <div className="min-w-0">
          <Link to={to('fields', f.field)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
            {shortName(f.field)}
          </Link>
          {f.isCustom && f.coverage === 0 && (
            <span className="ml-2">
              <Badge tone="yellow">Unused</Badge>
            </span>
          )}
          {linkCustom && <div className="font-mono text-xs text-slate-500">{`{{${shortName(f.field)}}}`}</div>}
        </div>
      ),
    },
    { key: 'type', header: 'Type', className: 'w-36', cell: (f) => <TypeBadge type={f.type} /> },
    {
      key: 'coverage',
      header: 'Contacts with a value',
      className: 'w-80',
      cell: (f) => <Coverage ratio={f.coverage} contacts={info?.contacts ?? 0} />,
    },
  ];

  return (
    <>
      <PageHeader
        title="Fields"
        description="The data your contacts carry, for personalising emails and building segments and workflows."
      />
      {fields.isPending ? (
        <FieldsSkeleton />
      ) : fields.isError ? (
        <ErrorState error={fields.error} retry={() => fields.refetch()} />
      ) : (
        <div className="space-y-8">
          <section aria-labelledby="custom-fields">
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="custom-fields" className="text-base font-semibold text-slate-900">
                Custom fields <span className="font-normal text-slate-500">({custom.length})</span>
              </h2>
              {info && <p className="text-xs text-slate-500">{coverageNote(info)}</p>}
            </div>
            {custom.length === 0 ? (
              <EmptyState
                icon={<ListChecks className="size-8" aria-hidden />}
                title="No custom fields yet"
                description="A field appears the first time a contact gets a value for it: from a contact's page, a CSV import, or data sent with the API. Its type is set by that first value."
                action={
                  <div className="flex gap-2">
                    <LinkButton variant="secondary" to={to('contacts', 'import')}>
                      Import a CSV
                    </LinkButton>
                    <LinkButton to={to('contacts')}>Go to contacts</LinkButton>
                  </div>
                }
              />
            ) : (
              <>
                <Table caption="Custom fields" columns={columns(true)} rows={custom} rowKey={(f) => f.field} />
                <p className="mt-2 text-xs text-slate-500">
                  New fields appear when a contact first gets a value for them; that first value sets the type.
                </p>
              </>
            )}
          </section>
          <section aria-labelledby="builtin-fields">
            <h2 id="builtin-fields" className="mb-1 text-base font-semibold text-slate-900">
              Built-in fields <Badge>Always present</Badge>
            </h2>
            <p className="mb-3 text-sm text-slate-500">Every contact has these; they cannot be removed.</p>
            <Table caption="Built-in fields" columns={columns(false)} rows={builtIn} rowKey={(f) => f.field} />
          </section>
        </div>
      )}
    </>
  );
}

function FieldsSkeleton() {
  return (
    <div role="status" aria-label="Loading fields" className="space-y-3">
      <Skeleton className="h-6 w-48" />
      <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    </div>
  );
}
