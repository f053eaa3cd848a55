/** The live count beside a segment's filter: who matches now, how many are subscribed, the first few. */
import { useQuery } from '@tanstack/react-query';
import { Loader2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { ContactLink } from '../../components/Links.tsx';
import { Skeleton } from '../../components/States.tsx';
import type { ApiGroup } from '../../filters/language.ts';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { type PreviewBody, segmentQueries } from '../../queries/segments.ts';

export function MatchPanel({
  filters,
  segmentId,
  incomplete,
}: {
  /** The filter in the API's form; undefined while the builder has rows to finish. */
  filters: ApiGroup | undefined;
  segmentId?: string;
  incomplete: boolean;
}) {
  const { t } = useTranslation();
  const scope = useProject();
  // Counted once the filter has been still for a moment, not on every keystroke.
  const body: PreviewBody | undefined = incomplete || !filters ? undefined : { filters, segmentId };
  const settled = useDebouncedValue(body ? JSON.stringify(body) : undefined, 400);
  const preview = useQuery({
    ...segmentQueries.preview(scope, settled ? (JSON.parse(settled) as PreviewBody) : {}),
    enabled: settled !== undefined,
  });
  const settling = settled !== (body ? JSON.stringify(body) : undefined) || preview.isFetching;
  const data = preview.data;
  return (
    <section
      aria-labelledby="match-heading"
      aria-busy={settling || undefined}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between">
        <h2 id="match-heading" className="text-sm font-semibold text-slate-900">
          {t('Matching contacts')}
        </h2>
        {settling && !incomplete && (
          <Loader2 className="size-4 animate-spin text-slate-400" aria-label={t('Counting')} />
        )}
      </div>
      <div className="mt-2 min-h-[4.5rem]" aria-live="polite">
        {incomplete ? (
          <p className="text-sm text-slate-500">{t('Finish the highlighted conditions to see who matches.')}</p>
        ) : preview.isError && !data ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(preview.error)}
          </p>
        ) : !data ? (
          <>
            <Skeleton className="h-8 w-24" />
            <Skeleton className="mt-2 h-4 w-40" />
          </>
        ) : (
          <>
            <p className="text-3xl font-semibold tabular-nums text-slate-900" data-testid="match-count">
              {formatNumber(data.count)}
            </p>
            <p className="mt-0.5 text-sm text-slate-500">
              {t('{count, plural, one {contact matches} other {contacts match}} · {subscribed} subscribed', {
                count: data.count,
                subscribed: formatNumber(data.subscribed),
              })}
            </p>
          </>
        )}
      </div>
      {data && !incomplete && data.sample.length > 0 && (
        <div className="mt-3 border-t border-slate-100 pt-3">
          <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {data.count > data.sample.length ? t('Some of them') : t('They are')}
          </h3>
          <ul className="mt-1.5 space-y-1 text-sm">
            {data.sample.map((c) => (
              <li key={c.id} className="flex items-center gap-2 truncate">
                <Users className="size-3.5 shrink-0 text-slate-400" aria-hidden />
                <ContactLink id={c.id} email={c.email} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
