/**
 * Who a campaign goes to: every contact, a segment, or contacts matching a filter built here, with
 * the live count of whom a send now would reach.
 */

import { useQuery } from '@tanstack/react-query';
import { Filter, Loader2, Users, UsersRound } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { Select } from '../../components/Field.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { FilterBuilder } from '../../filters/FilterBuilder.tsx';
import type { FieldOption } from '../../filters/fields.ts';
import type { GroupNode } from '../../filters/tree.ts';
import { msg } from '../../i18n/msg.ts';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import type { AudienceFilter } from '../../queries/campaigns.ts';
import { segmentQueries } from '../../queries/segments.ts';
import type { AudienceType, EmailType } from './campaign-model.ts';
import { useAudiencePreview } from './use-audience-preview.ts';

const CHOICES: Array<{ id: AudienceType; label: string; text: string; icon: typeof Users }> = [
  { id: 'ALL', label: msg('All contacts'), text: msg('Everyone in the project.'), icon: UsersRound },
  { id: 'SEGMENT', label: msg('A segment'), text: msg('The members of a segment when it sends.'), icon: Users },
  { id: 'FILTERED', label: msg('A filter'), text: msg('Contacts matching conditions set here.'), icon: Filter },
];

export function AudiencePicker({
  audienceType,
  segmentId,
  filter,
  onChange,
  options,
  optionsError,
  retryOptions,
  problems,
  segmentError,
  filterMessage,
}: {
  audienceType: AudienceType;
  segmentId: string;
  filter: GroupNode;
  onChange: (patch: { audienceType?: AudienceType; segmentId?: string; filter?: GroupNode }) => void;
  options: FieldOption[] | undefined;
  optionsError: unknown;
  retryOptions: () => void;
  problems: Record<string, string>;
  segmentError?: string;
  filterMessage?: string;
}) {
  const { t } = useTranslation();
  const scope = useProject();
  const segments = useQuery(segmentQueries.list(scope));
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="sr-only">{t('Send to')}</legend>
        <div className="grid gap-3 md:grid-cols-3">
          {CHOICES.map(({ id, label, text, icon: Icon }) => (
            <label
              key={id}
              className={cx(
                'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm',
                audienceType === id ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500' : 'border-slate-200',
              )}
            >
              <input
                type="radio"
                name="audience-type"
                value={id}
                checked={audienceType === id}
                onChange={() => onChange({ audienceType: id })}
                className="mt-0.5 accent-brand-600"
              />
              <span>
                <span className="flex items-center gap-1.5 font-medium text-slate-900">
                  <Icon className="size-4 text-slate-500" aria-hidden />
                  {t(label)}
                </span>
                <span className="text-slate-600">{t(text)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {audienceType === 'SEGMENT' &&
        (segments.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : segments.isError ? (
          <ErrorState error={segments.error} retry={() => segments.refetch()} />
        ) : segments.data.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-600">
            <Trans
              i18nKey="The project has no segments yet. <a>Create a segment</a>, or build a filter here instead."
              components={{ a: <TextLink to={scope.to('segments', 'new')}>{null}</TextLink> }}
            />
          </p>
        ) : (
          <Select
            label={t('Segment')}
            value={segmentId}
            onChange={(e) => onChange({ segmentId: e.target.value })}
            error={segmentError}
          >
            <option value="">{t('Choose a segment…')}</option>
            {segments.data.map((s) => (
              <option key={s.id} value={s.id}>
                {t('{name} ({count, plural, one {# member} other {# members}})', {
                  name: s.name,
                  count: s.memberCount,
                })}
              </option>
            ))}
          </Select>
        ))}
      {audienceType === 'FILTERED' &&
        (optionsError ? (
          <ErrorState error={optionsError} retry={retryOptions} />
        ) : !options ? (
          <div className="space-y-2" role="status" aria-label={t('Loading fields')}>
            <Skeleton className="h-5 w-72" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : (
          <div className="rounded-lg border border-slate-200 bg-slate-50/50 p-3">
            <FilterBuilder
              label={t('Audience filter')}
              value={filter}
              onChange={(next) => onChange({ filter: next })}
              options={options}
              problems={problems}
            />
            {filterMessage && <p className="mt-2 text-xs text-red-600">{filterMessage}</p>}
          </div>
        ))}
    </div>
  );
}

/** "Reaches 1,204 contacts now": the recipients a send would have, beside those the audience selects. */
export function AudienceCount({
  audienceType,
  segmentId,
  audienceFilter,
  emailType,
  topicId,
  incomplete,
}: {
  audienceType: AudienceType;
  segmentId: string;
  audienceFilter: unknown;
  emailType: EmailType;
  /** '' for none. */
  topicId: string;
  incomplete: boolean;
}) {
  const { t } = useTranslation();
  const ready = !incomplete && (audienceType !== 'SEGMENT' || segmentId !== '');
  const preview = useAudiencePreview(
    ready
      ? {
          audienceType,
          emailType,
          segmentId: audienceType === 'SEGMENT' ? segmentId : null,
          audienceFilter: audienceType === 'FILTERED' ? (audienceFilter as AudienceFilter) : null,
          topicId: topicId || null,
        }
      : undefined,
  );
  const data = preview.data;
  const skipped = data ? data.matching - data.recipients : 0;
  return (
    <div
      aria-live="polite"
      aria-busy={(ready && preview.settling) || undefined}
      className="flex min-h-[3.5rem] items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2.5"
    >
      <Users className="size-5 shrink-0 text-brand-600" aria-hidden />
      <div className="min-w-0 flex-1 text-sm">
        {!ready ? (
          <span className="text-slate-500">
            {audienceType === 'SEGMENT'
              ? t('Choose a segment to see who it reaches.')
              : t('Finish the conditions to see who it reaches.')}
          </span>
        ) : preview.isError && !data ? (
          <span role="alert" className="text-red-700">
            {errorMessage(preview.error)}
          </span>
        ) : !data ? (
          <Skeleton className="h-5 w-56" />
        ) : (
          <>
            <Trans
              i18nKey="{count, plural, one {<strong>Reaches <number>#</number> contact</strong><muted> if sent now</muted>} other {<strong>Reaches <number>#</number> contacts</strong><muted> if sent now</muted>}}"
              values={{ count: data.recipients }}
              components={{
                strong: <span className="font-semibold text-slate-900" />,
                number: <span data-testid="audience-count" />,
                muted: <span className="text-slate-500" />,
              }}
            />
            {skipped > 0 && (
              <span className="block text-xs text-slate-500">
                {t(
                  '{matching} match; {skipped, plural, one {# unsubscribed or suppressed is skipped.} other {# unsubscribed or suppressed are skipped.}}',
                  { matching: formatNumber(data.matching), skipped },
                )}
              </span>
            )}
          </>
        )}
      </div>
      {ready && preview.settling && (
        <Loader2 className="size-4 animate-spin text-slate-400" aria-label={t('Counting')} />
      )}
    </div>
  );
}
