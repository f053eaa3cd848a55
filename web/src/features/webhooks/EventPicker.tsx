/** Which messages an endpoint gets: every type (`*`) or the ones ticked, grouped as the spec lists them. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/Field.tsx';
import { ALL_EVENTS, type EndpointEvent, EVENT_GROUPS, type EventType, subscribesToAll } from './event-types.ts';

export function EventPicker({
  value,
  onChange,
  error,
}: {
  value: EndpointEvent[];
  onChange: (events: EndpointEvent[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const all = subscribesToAll(value);
  const toggle = (type: EventType, on: boolean) =>
    onChange(on ? [...value.filter((e) => e !== type), type] : value.filter((e) => e !== type));
  const toggleGroup = (types: readonly EventType[], on: boolean) => {
    const rest = value.filter((e) => !(types as readonly EndpointEvent[]).includes(e));
    onChange(on ? [...rest, ...types] : rest);
  };

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t('Events')}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
        <label className="inline-flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-scope`}
            checked={all}
            onChange={() => onChange([ALL_EVENTS])}
            className="size-4 accent-brand-600"
          />
          {t('All events (*), including types added later')}
        </label>
        <label className="inline-flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-scope`}
            checked={!all}
            onChange={() => onChange([])}
            className="size-4 accent-brand-600"
          />
          {t('Only the ones I pick')}
        </label>
      </div>
      {!all && (
        <div className="grid gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
          {EVENT_GROUPS.map((group) => {
            const picked = group.types.filter((e) => value.includes(e)).length;
            return (
              <fieldset key={group.group} className="min-w-0 space-y-1.5">
                <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                  {t(group.label)}
                </legend>
                <div>
                  <Checkbox
                    label={<span className="text-xs text-slate-600">{t(group.every)}</span>}
                    checked={picked === group.types.length}
                    onChange={(e) => toggleGroup(group.types, e.target.checked)}
                  />
                </div>
                {group.types.map((type) => (
                  <div key={type}>
                    <Checkbox
                      label={<code className="break-all font-mono text-xs">{type}</code>}
                      checked={value.includes(type)}
                      onChange={(e) => toggle(type, e.target.checked)}
                    />
                  </div>
                ))}
              </fieldset>
            );
          })}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
