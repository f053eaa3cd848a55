/** The analytics period: a preset or custom dates, and hour or day buckets, kept in the URL. */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateRangeFields } from '../../components/DateRangeFields.tsx';
import { Select } from '../../components/Field.tsx';
import { useSearchParamPatch } from '../../lib/url-state.ts';
import { isoDay, RANGES, type ResolvedRange, resolveRange } from './ranges.ts';

/** The range the URL describes now. */
export function useRange(): ResolvedRange {
  const [params] = useSearchParams();
  return resolveRange({
    range: params.get('range'),
    from: params.get('from'),
    to: params.get('to'),
    interval: params.get('interval'),
  });
}

/** The period and bucket selects, for the page header. */
export function RangePicker({ range }: { range: ResolvedRange }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const patch = useSearchParamPatch();
  const choose = (id: string) =>
    patch({
      range: id === '30d' ? undefined : id,
      interval: undefined,
      // Custom dates start from what the preset showed, up to today.
      ...(id === 'custom'
        ? { from: params.get('from') ?? range.from, to: params.get('to') ?? isoDay(new Date()) }
        : { from: undefined, to: undefined }),
    });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="w-44">
        <Select label={t('Period')} hideLabel value={range.id} onChange={(e) => choose(e.target.value)}>
          {RANGES.map((r) => (
            <option key={r.id} value={r.id}>
              {t(r.label)}
            </option>
          ))}
        </Select>
      </div>
      {range.id !== '24h' && range.hourly && (
        <div className="w-32">
          <Select
            label={t('Group by')}
            hideLabel
            value={range.interval}
            onChange={(e) => patch({ interval: e.target.value === 'hour' ? 'hour' : undefined })}
          >
            <option value="day">{t('By day')}</option>
            <option value="hour">{t('By hour')}</option>
          </Select>
        </div>
      )}
    </div>
  );
}

/** The custom period's two dates and what is wrong with them, shown under the header. */
export function CustomDates({ range }: { range: ResolvedRange }) {
  const [params] = useSearchParams();
  const patch = useSearchParamPatch();
  if (range.id !== 'custom') return null;
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <DateRangeFields from={params.get('from') ?? ''} to={params.get('to') ?? ''} onChange={patch} />
      {range.problem && (
        <p role="alert" className="pb-2 text-sm text-red-600">
          {range.problem}
        </p>
      )}
    </div>
  );
}
