/**
 * The project's templates, a page at a time, newest first: search by name or subject, filter by type.
 * Search, type and page live in the URL, so a filtered page survives a reload and can be shared.
 */

import { useQuery } from '@tanstack/react-query';
import { FileText, Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, LinkButton } from '../../components/Button.tsx';
import { TextInput } from '../../components/Field.tsx';
import { Badge, PageHeader, Tabs } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ListStates } from '../../components/ListScreen.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState } from '../../components/States.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { formatLabel } from '../../editor/formats.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useSearchParamPatch } from '../../lib/url-state.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { type Template, type TemplateType, templateQueries } from '../../queries/templates.ts';
import { TEMPLATE_TYPES, typeInfo } from './template-model.ts';

const PAGE_SIZE = 20;

type TypeFilter = 'ALL' | TemplateType;

export function TemplatesPage() {
  const { t } = useTranslation();
  const project = useProject();
  const { to } = project;
  const [params] = useSearchParams();
  const update = useSearchParamPatch();
  const type = (params.get('type') as TemplateType | null) ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const term = useDebouncedValue(search.trim(), 300);

  // The debounced search term goes to the URL (and back to page 1) once typing settles.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled term should write the URL.
  useEffect(() => {
    if (q !== term) update({ q: term || undefined, page: undefined });
  }, [term]);

  const list = useQuery(templateQueries.list(project, { page, pageSize: PAGE_SIZE, type, search: q || undefined }));

  const filtered = Boolean(type || q);
  const columns: Column<Template>[] = [
    {
      key: 'name',
      header: t('Name'),
      cell: (row) => (
        <div className="min-w-0 max-w-xs">
          <TextLink to={to('templates', row.id)} className="block truncate">
            {row.name}
          </TextLink>
          {row.description && <div className="truncate text-xs text-slate-500">{row.description}</div>}
        </div>
      ),
    },
    {
      key: 'type',
      header: t('Type'),
      cell: (row) => {
        const info = typeInfo(row.type);
        return <Badge tone={info.tone}>{t(info.label)}</Badge>;
      },
    },
    {
      key: 'format',
      header: t('Format'),
      cell: (row) => <span className="whitespace-nowrap text-slate-600">{formatLabel(row.format)}</span>,
      className: 'hidden md:table-cell',
    },
    {
      key: 'subject',
      header: t('Subject'),
      cell: (row) => <div className="max-w-xs truncate text-slate-600">{row.subject}</div>,
      className: 'hidden lg:table-cell',
    },
    {
      key: 'from',
      header: t('From'),
      cell: (row) =>
        row.from ? (
          <span className="text-slate-600">{row.from}</span>
        ) : (
          <span className="text-slate-500">{t('Not set')}</span>
        ),
    },
    {
      key: 'updated',
      header: t('Updated'),
      cell: (row) => <RelativeTime iso={row.updatedAt} className="whitespace-nowrap text-slate-500" />,
      className: 'text-right',
    },
  ];

  return (
    <>
      <PageHeader
        title={t('Templates')}
        description={t('Reusable emails for one-off sends, campaigns and workflows.')}
        actions={
          <LinkButton to={to('templates', 'new')} icon={<Plus className="size-4" aria-hidden />}>
            {t('New template')}
          </LinkButton>
        }
      />
      <div className="mb-1 flex flex-wrap items-end justify-between gap-3">
        <Tabs<TypeFilter>
          label={t('Template type')}
          value={type ?? 'ALL'}
          onChange={(id) => update({ type: id === 'ALL' ? undefined : id, page: undefined })}
          tabs={[
            { id: 'ALL', label: t('All') },
            ...TEMPLATE_TYPES.map((info) => ({ id: info.id, label: t(info.label) })),
          ]}
        />
        <div className="relative mb-4 w-72">
          <Search className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-400" aria-hidden />
          <TextInput
            label={t('Search templates')}
            hideLabel
            type="search"
            placeholder={t('Search by name or subject')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-8"
          />
        </div>
      </div>

      <ListStates
        query={list}
        loadingLabel={t('Loading templates')}
        loadingRows={6}
        isEmpty={(data) => data.templates.length === 0}
        paging={(data) => ({
          label: t('Page {page} of {pages} · {count, plural, one {# template} other {# templates}}', {
            page: data.page,
            pages: Math.max(1, data.totalPages),
            count: data.total,
          }),
          onPrev: page > 1 ? () => update({ page: String(page - 1) }) : undefined,
          onNext: page < data.totalPages ? () => update({ page: String(page + 1) }) : undefined,
        })}
        empty={
          <EmptyState
            icon={<FileText className="size-8" aria-hidden />}
            title={filtered ? t('No templates match') : t('No templates yet')}
            description={
              filtered
                ? t('Try another search or type.')
                : t('A template holds the subject, sender and HTML of an email you send again and again.')
            }
            action={
              filtered ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setSearch('');
                    update({ q: undefined, type: undefined, page: undefined });
                  }}
                >
                  {t('Clear filters')}
                </Button>
              ) : (
                <LinkButton to={to('templates', 'new')} icon={<Plus className="size-4" aria-hidden />}>
                  {t('Create your first template')}
                </LinkButton>
              )
            }
          />
        }
      >
        {(data) => <Table caption={t('Templates')} columns={columns} rows={data.templates} rowKey={(row) => row.id} />}
      </ListStates>
    </>
  );
}
