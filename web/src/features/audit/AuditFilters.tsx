/**
 * The audit log's filters, all kept in the URL (`actor`, `action`, `resourceType`, `resourceId`,
 * `since`, `until` as local days), so a reload, a shared link or Back shows the same entries. The
 * people, actions and resource types offered are the ones present in the project's log.
 */
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { DateRangeFields } from '../../components/DateRangeFields.tsx';
import { Select, TextInput } from '../../components/Field.tsx';
import { localDayStart } from '../../lib/days.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useSearchParamPatch, useSearchParamState } from '../../lib/url-state.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { type AuditFacets, type AuditFilter, auditQueries } from '../../queries/audit.ts';
import { actionGroups, actorLabel, actorValue, anyActionLabel, resourceTypeLabel } from './describe.ts';

const PARAMS = ['actor', 'action', 'resourceType', 'resourceId', 'since', 'until'] as const;
type Params = Record<(typeof PARAMS)[number], string>;

export interface AuditFilterState {
  /** As in the URL. */
  params: Params;
  /** As the API takes it (days as instants, `until` exclusive). */
  query: AuditFilter;
  filtered: boolean;
}

export function useAuditFilter(): AuditFilterState {
  const [actor] = useSearchParamState('actor');
  const [action] = useSearchParamState('action');
  const [resourceType] = useSearchParamState('resourceType');
  const [resourceId] = useSearchParamState('resourceId');
  const [since] = useSearchParamState('since');
  const [until] = useSearchParamState('until');
  return useMemo(() => {
    const params = { actor, action, resourceType, resourceId, since, until };
    const query: AuditFilter = {
      actor: actor || undefined,
      action: action || undefined,
      resourceType: resourceType || undefined,
      resourceId: resourceId || undefined,
      since: localDayStart(since),
      until: localDayStart(until, true),
    };
    return { params, query, filtered: Object.values(params).some(Boolean) };
  }, [actor, action, resourceType, resourceId, since, until]);
}

export function AuditFilters({ filter }: { filter: AuditFilterState }) {
  const { t } = useTranslation();
  const patch = useSearchParamPatch();
  const facets = useQuery(auditQueries.facets(useProject()));
  const { params } = filter;
  const clear = () => patch(Object.fromEntries(PARAMS.map((p) => [p, undefined])));

  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div className="w-full sm:w-56">
        <Select label={t('Person or key')} value={params.actor} onChange={(e) => patch({ actor: e.target.value })}>
          <option value="">{t('Anyone')}</option>
          {actorOptions(facets.data, params.actor).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-full sm:w-56">
        <Select label={t('Action')} value={params.action} onChange={(e) => patch({ action: e.target.value })}>
          <option value="">{t('Any action')}</option>
          {actionOptions(facets.data, params.action).map((group) => (
            <optgroup key={group.prefix} label={resourceTypeLabel(group.prefix)}>
              <option value={`${group.prefix}.*`}>{anyActionLabel(group.prefix)}</option>
              {group.actions.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-44">
        <Select
          label={t('Resource type')}
          value={params.resourceType}
          onChange={(e) => patch({ resourceType: e.target.value })}
        >
          <option value="">{t('Any resource')}</option>
          {withCurrent(facets.data?.resourceTypes ?? [], params.resourceType).map((type) => (
            <option key={type} value={type}>
              {resourceTypeLabel(type)}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-44">
        <ResourceIdField applied={params.resourceId} onApply={(resourceId) => patch({ resourceId })} />
      </div>
      <DateRangeFields
        from={params.since}
        to={params.until}
        onChange={(c) => patch('from' in c ? { since: c.from } : { until: c.to })}
      />
      {filter.filtered && (
        <Button variant="ghost" onClick={clear} icon={<X className="size-4" aria-hidden />}>
          {t('Clear filters')}
        </Button>
      )}
    </div>
  );
}

/** The resource id typed, applied once typing pauses (ids are matched exactly: no search per keystroke). */
function ResourceIdField({ applied, onApply }: { applied: string; onApply: (id: string | undefined) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(applied);
  const settled = useDebouncedValue(typed.trim(), 400);
  // Applied when what is typed settles, never when the URL changes (that would put back a value
  // the URL just dropped, while the typed one is still settling).
  const last = useRef(settled);
  useEffect(() => {
    if (settled === last.current) return;
    last.current = settled;
    onApply(settled || undefined);
  }, [settled, onApply]);
  // Cleared from outside (Clear filters): the field empties too.
  useEffect(() => {
    if (!applied) setTyped('');
  }, [applied]);
  return (
    <TextInput
      label={t('Resource id')}
      value={typed}
      placeholder={t('Any')}
      spellCheck={false}
      onChange={(e) => setTyped(e.target.value)}
    />
  );
}

/** `values` with `current` added when the facets do not hold it (a link from elsewhere). */
function withCurrent(values: readonly string[], current: string): string[] {
  return current && !values.includes(current) ? [...values, current] : [...values];
}

function actorOptions(facets: AuditFacets | undefined, current: string): Array<{ value: string; label: string }> {
  const options = (facets?.actors ?? []).flatMap((a) => {
    const value = actorValue(a);
    return value ? [{ value, label: actorLabel(a) }] : [];
  });
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: current });
  return options;
}

function actionOptions(facets: AuditFacets | undefined, current: string): Array<{ prefix: string; actions: string[] }> {
  const actions = withCurrent(facets?.actions ?? [], current.endsWith('.*') ? '' : current).sort();
  const groups = actionGroups(current.endsWith('.*') ? [...actions, current] : actions);
  return groups.map((g) => {
    const prefix = g.slice(0, -2);
    return { prefix, actions: actions.filter((a) => a.startsWith(`${prefix}.`)) };
  });
}
