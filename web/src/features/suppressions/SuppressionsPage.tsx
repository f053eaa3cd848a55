/**
 * The suppression list (beyond.md §10): the addresses and domains this project never mails, by
 * reason and search (both in the URL), a page at a time; adding rules, deleting one, importing and
 * exporting them as CSV. `?rule=<id>` (the email log's link) marks the rule that held an email.
 */
import { useQuery } from '@tanstack/react-query';
import { Ban, Download, Plus, Search, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/ActionButton.tsx';
import { Button, LinkButton } from '../../components/Button.tsx';
import { ChipFilter } from '../../components/ChipFilter.tsx';
import { TextInput } from '../../components/Field.tsx';
import { PageHeader } from '../../components/Layout.tsx';
import { cursorPages, ListStates } from '../../components/ListScreen.tsx';
import { EmptyState } from '../../components/States.tsx';
import { statusesOf } from '../../components/StatusBadge.tsx';
import { fileNameOf, saveBlob } from '../../lib/download.ts';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useCursorPaging, useSearchParamState } from '../../lib/url-state.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { type SuppressionRule, suppressionMutations, suppressionQueries } from '../../queries/suppressions.ts';
import { useAction } from '../../queries/use-action.ts';
import { AddSuppressionsDialog } from './AddSuppressionsDialog.tsx';
import { DeleteRuleDialog } from './DeleteRuleDialog.tsx';
import { SuppressionsTable } from './SuppressionsTable.tsx';
import { canManageSuppressions, REASONS, SuppressionsNotice, useReasonLabel } from './shared.tsx';

const REASON_VALUES = statusesOf(REASONS);
const PAGE_SIZE = 25;
const COUNT_CAP = 10_000;

export function SuppressionsPage() {
  const { t } = useTranslation();
  const reasonLabel = useReasonLabel();
  const scope = useProject();
  const [rawReason, setReason] = useSearchParamState('reason');
  const reason = REASON_VALUES.find((r) => r === rawReason);
  const [q, setQ] = useSearchParamState('q');
  const [highlight] = useSearchParamState('rule');
  const [typed, setTyped] = useState(q);
  const settled = useDebouncedValue(typed.trim(), 300);
  // The settled search goes into the URL; a new search starts from the first page (url-state drops the cursor).
  useEffect(() => {
    if (settled !== q) setQ(settled);
  }, [settled, q, setQ]);
  const paging = useCursorPaging();
  const list = useQuery(
    suppressionQueries.list(scope, { reason, q: q || undefined, cursor: paging.cursor, limit: PAGE_SIZE }),
  );
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SuppressionRule | null>(null);
  const canManage = canManageSuppressions(scope.project);
  const exportCsv = useAction(suppressionMutations.exportCsv(scope), {
    onSuccess: ({ blob, disposition }) => saveBlob(blob, fileNameOf(disposition, 'suppressions.csv')),
  });
  const addButton = canManage && (
    <Button onClick={() => setAdding(true)} icon={<Plus className="size-4" aria-hidden />}>
      {t('Add suppressions')}
    </Button>
  );
  const filtered = Boolean(reason || q);

  return (
    <>
      <PageHeader
        title={t('Suppressions')}
        description={t(
          'Addresses and domains this project never sends to. Bounces and complaints add themselves, erased contacts stay here for good, and you can add your own.',
        )}
        actions={
          <>
            <ActionButton action={exportCsv} icon={Download}>
              {t('Export CSV')}
            </ActionButton>
            {canManage && (
              <LinkButton
                variant="secondary"
                to={scope.to('suppressions', 'import')}
                icon={<Upload className="size-4" aria-hidden />}
              >
                {t('Import CSV')}
              </LinkButton>
            )}
            {addButton}
          </>
        }
      />
      <SuppressionsNotice />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div className="relative min-w-0 flex-1 basis-56">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <TextInput
            label={t('Search by address or domain')}
            hideLabel
            type="search"
            placeholder={t('Search by address or domain')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className="pl-8"
          />
        </div>
        <ChipFilter
          label={t('Filter by reason')}
          values={REASON_VALUES}
          value={reason}
          onChange={setReason}
          labelOf={reasonLabel}
        />
      </div>
      <ListStates
        query={list}
        loadingLabel={t('Loading suppressions')}
        loadingRows={6}
        paging={(page) => ({
          ...cursorPages(paging, page, 'rule'),
          ...(paging.pageIndex === 0 && page.total > 0
            ? // The API counts up to 10,000 (10,000 means at least that).
              page.total >= COUNT_CAP
              ? { label: t('{count}+ rules', { count: formatNumber(COUNT_CAP) }) }
              : { label: t('{count, plural, one {# rule} other {# rules}}', { count: page.total }) }
            : {}),
        })}
        empty={
          <EmptyState
            icon={<Ban className="size-8" aria-hidden />}
            title={filtered ? t('No rules match') : t('Nothing is suppressed')}
            description={
              filtered
                ? t('Try another reason, or part of the address or domain.')
                : t(
                    'Addresses that bounce or complain are added here by themselves. Add an address or a whole domain to stop mail to it.',
                  )
            }
            action={filtered ? undefined : addButton}
          />
        }
      >
        {(page) => (
          <SuppressionsTable rules={page.data} highlight={highlight} onDelete={canManage ? setDeleting : undefined} />
        )}
      </ListStates>
      {adding && <AddSuppressionsDialog onClose={() => setAdding(false)} />}
      {deleting && <DeleteRuleDialog rule={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
