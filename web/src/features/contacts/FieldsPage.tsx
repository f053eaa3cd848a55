/** The project's fields: built-in and custom, with type and how many contacts have each. */
import { useQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '../../components/Button.tsx';
import { Badge } from '../../components/Layout.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { EmptyState } from '../../components/States.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { activeLanguage, formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type FieldDescriptor, type FieldList, fieldQueries } from '../../queries/contacts.ts';
import { Coverage, coverageNote, shortName, TypeBadge } from './field-look.tsx';

export function FieldsPage() {
  const { t } = useTranslation();
  const fields = useQuery(fieldQueries.list(useProject()));
  return (
    <ListScreen
      title={t('Fields')}
      description={t('The data your contacts carry, for personalising emails and building segments and workflows.')}
      query={fields}
      loadingLabel={t('Loading fields')}
      loadingRows={5}
      // The built-in fields are always there: the list is never empty, its custom part may be.
      isEmpty={() => false}
      empty={null}
    >
      {(list) => <FieldTables list={list} />}
    </ListScreen>
  );
}

function FieldTables({ list }: { list: FieldList }) {
  const { t } = useTranslation();
  const { to } = useProject();
  const info = list.coverageInfo;
  const custom = list.fields
    .filter((f) => f.isCustom)
    .sort((a, b) => b.coverage - a.coverage || a.field.localeCompare(b.field, activeLanguage()));
  const builtIn = list.fields.filter((f) => !f.isCustom);
  const columns = (linkCustom: boolean): Column<FieldDescriptor>[] => [
    {
      key: 'field',
      header: t('Field'),
      cell: (f) => (
        <div className="min-w-0">
          <Link to={to('fields', f.field)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
            {shortName(f.field)}
          </Link>
          {f.isCustom && f.coverage === 0 && (
            <span className="ml-2">
              <Badge tone="yellow">{t('Unused')}</Badge>
            </span>
          )}
          {linkCustom && <div className="font-mono text-xs text-slate-500">{`{{${shortName(f.field)}}}`}</div>}
        </div>
      ),
    },
    { key: 'type', header: t('Type'), className: 'w-36', cell: (f) => <TypeBadge type={f.type} /> },
    {
      key: 'coverage',
      header: t('Contacts with a value'),
      className: 'w-80',
      cell: (f) => <Coverage ratio={f.coverage} contacts={info.contacts} />,
    },
  ];
  const firstSteps = (
    <div className="flex gap-2">
      <LinkButton variant="secondary" to={to('contacts', 'import')}>
        {t('Import a CSV')}
      </LinkButton>
      <LinkButton to={to('contacts')}>{t('Go to contacts')}</LinkButton>
    </div>
  );

  return (
    <div className="space-y-8">
      <section aria-labelledby="custom-fields">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="custom-fields" className="text-base font-semibold text-slate-900">
            {t('Custom fields')} <span className="font-normal text-slate-500">({formatNumber(custom.length)})</span>
          </h2>
          <p className="text-xs text-slate-500">{coverageNote(info)}</p>
        </div>
        {custom.length === 0 ? (
          <EmptyState
            icon={<ListChecks className="size-8" aria-hidden />}
            title={t('No custom fields yet')}
            description={t(
              "A field appears the first time a contact gets a value for it: from a contact's page, a CSV import, or data sent with the API. Its type is set by that first value.",
            )}
            action={firstSteps}
          />
        ) : (
          <>
            <Table caption={t('Custom fields')} columns={columns(true)} rows={custom} rowKey={(f) => f.field} />
            <p className="mt-2 text-xs text-slate-500">
              {t('New fields appear when a contact first gets a value for them; that first value sets the type.')}
            </p>
          </>
        )}
      </section>
      <section aria-labelledby="builtin-fields">
        <h2 id="builtin-fields" className="mb-1 text-base font-semibold text-slate-900">
          {t('Built-in fields')} <Badge>{t('Always present')}</Badge>
        </h2>
        <p className="mb-3 text-sm text-slate-500">{t('Every contact has these; they cannot be removed.')}</p>
        <Table caption={t('Built-in fields')} columns={columns(false)} rows={builtIn} rowKey={(f) => f.field} />
      </section>
    </div>
  );
}
