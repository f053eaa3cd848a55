/**
 * The email log's filters, all kept in the URL (`status`, `sourceType`, `campaignId`, `recipient`,
 * `since`, `until` as local days), so the links from a contact, a campaign or a workflow run open
 * the log already filtered, and a reload or Back shows the same list.
 */
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useMemo } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../components/DateRangeFields.tsx';
import { Select } from '../../components/Field.tsx';
import { RecipientSearch } from '../../components/RecipientSearch.tsx';
import { statusesOf, statusLabel } from '../../components/StatusBadge.tsx';
import { localDayStart } from '../../lib/days.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useSearchParamPatch, useSearchParamState } from '../../lib/url-state.ts';
import { campaignQueries } from '../../queries/campaigns.ts';
import type { EmailQuery } from '../../queries/emails.ts';
import { EMAIL_SOURCES, EMAIL_STATUS, sourceLabel } from './email-status.tsx';

const EMAIL_STATUSES = statusesOf(EMAIL_STATUS);

const PARAMS = ['status', 'sourceType', 'campaignId', 'recipient', 'since', 'until'] as const;

export interface EmailFilter {
  /** As in the URL. */
  params: Record<(typeof PARAMS)[number], string>;
  /** As the API takes it (days as instants, `until` exclusive). */
  query: EmailQuery;
  filtered: boolean;
}

export function useEmailFilter(): EmailFilter {
  const [status] = useSearchParamState('status');
  const [sourceType] = useSearchParamState('sourceType');
  const [campaignId] = useSearchParamState('campaignId');
  const [recipient] = useSearchParamState('recipient');
  const [since] = useSearchParamState('since');
  const [until] = useSearchParamState('until');
  return useMemo(() => {
    const params = { status, sourceType, campaignId, recipient, since, until };
    const query: EmailQuery = {
      status: EMAIL_STATUSES.find((s) => s === status),
      sourceType: EMAIL_SOURCES.find((s) => s === sourceType),
      campaignId: campaignId || undefined,
      recipient: recipient || undefined,
      since: localDayStart(since),
      until: localDayStart(until, true),
    };
    return { params, query, filtered: Object.values(params).some(Boolean) };
  }, [status, sourceType, campaignId, recipient, since, until]);
}

export function EmailFilters({ filter }: { filter: EmailFilter }) {
  const { t } = useTranslation();
  const patch = useSearchParamPatch();
  const { params } = filter;
  const clear = () => patch(Object.fromEntries(PARAMS.map((p) => [p, undefined])));

  return (
    <div className="mb-4 space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40">
          <Select label={t('Status')} value={params.status} onChange={(e) => patch({ status: e.target.value })}>
            <option value="">{t('Any status')}</option>
            {EMAIL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-40">
          <Select label={t('Source')} value={params.sourceType} onChange={(e) => patch({ sourceType: e.target.value })}>
            <option value="">{t('Any source')}</option>
            {EMAIL_SOURCES.map((s) => (
              <option key={s} value={s}>
                {sourceLabel(s)}
              </option>
            ))}
          </Select>
        </div>
        <DateRangeFields
          from={params.since}
          to={params.until}
          onChange={(c) => patch('from' in c ? { since: c.from } : { until: c.to })}
        />
      </div>
      <RecipientSearch
        name={t('Search by recipient')}
        applied={params.recipient}
        onSearch={(recipient) => patch({ recipient })}
        filtered={filter.filtered}
        onClear={clear}
        clearLabel={t('Clear filters')}
      />
      {params.campaignId && <CampaignChip id={params.campaignId} onRemove={() => patch({ campaignId: undefined })} />}
    </div>
  );
}

/** The campaign the log is narrowed to, by name, with a way out. */
function CampaignChip({ id, onRemove }: { id: string; onRemove: () => void }) {
  const { t } = useTranslation();
  const project = useProject();
  const campaign = useQuery({ ...campaignQueries.one(project, id), retry: false });
  const name = campaign.data?.name ?? (campaign.isError ? t('a deleted campaign') : '…');
  return (
    <p className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white py-1 pl-3 pr-1 text-sm text-slate-700">
      <span>
        <Trans
          i18nKey="From the campaign <name/>"
          components={{ name: <strong className="font-medium">{name}</strong> }}
        />
      </span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('Show emails of every campaign')}
        className="rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <X className="size-3.5" aria-hidden />
      </button>
    </p>
  );
}
