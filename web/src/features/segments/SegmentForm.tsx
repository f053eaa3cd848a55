/**
 * Creating or editing a segment: name, description, kind (on create), membership tracking and, for a
 * dynamic segment, the filter with its live count. The API's field errors land on their field or on
 * the filter row they name.
 */
import { type FormEvent, useMemo, useState } from 'react';
import { ApiError, fieldError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { CancelAnd } from '../../components/Dialog.tsx';
import { Checkbox, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { apiProblems, toApi } from '../../filters/convert.ts';
import { FilterBuilder } from '../../filters/FilterBuilder.tsx';
import type { ApiGroup } from '../../filters/language.ts';
import type { GroupNode } from '../../filters/tree.ts';
import { useFieldOptions } from '../../filters/use-field-options.ts';
import { cx } from '../../lib/cx.ts';
import { MatchPanel } from './MatchPanel.tsx';

export interface SegmentFormValues {
  name: string;
  description: string;
  type: 'DYNAMIC' | 'STATIC';
  trackMembership: boolean;
  filter: GroupNode;
}

export interface SegmentSubmit {
  name: string;
  description: string | null;
  type: 'DYNAMIC' | 'STATIC';
  trackMembership: boolean;
  filters?: ApiGroup;
}

const KINDS = [
  ['DYNAMIC', 'Dynamic', 'Everyone who matches a filter, kept up to date as contacts change.'],
  ['STATIC', 'Static', 'A fixed list: you add and remove people by email.'],
] as const;

/** Errors the form shows beside a control; any other goes above the form. */
const SHOWN = ['name', 'description', 'filters'];

export function SegmentForm({
  initial,
  segmentId,
  onSubmit,
  submitLabel,
  pending,
  error,
  onCancel,
}: {
  initial: SegmentFormValues;
  /** Set when editing: the type is fixed and the filter may not reference this segment. */
  segmentId?: string;
  onSubmit: (values: SegmentSubmit) => void;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const fields = useFieldOptions(segmentId);
  const options = fields.options;
  const dynamic = values.type === 'DYNAMIC';

  const converted = useMemo(() => (options ? toApi(values.filter, options) : undefined), [values.filter, options]);
  const incomplete = !converted || Object.keys(converted.problems).length > 0;
  // The builder's own checks once a save was tried, and the API's errors on the nodes they name.
  const problems = useMemo(
    () => ({ ...(converted ? apiProblems(error, converted.paths) : {}), ...(tried ? converted?.problems : {}) }),
    [converted, tried, error],
  );
  const general =
    error instanceof ApiError &&
    error.errors.length > 0 &&
    error.errors.every((e) => SHOWN.some((f) => e.field?.startsWith(f)))
      ? null
      : error;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (dynamic && incomplete) return;
    onSubmit({
      name: values.name.trim(),
      description: values.description.trim() || null,
      type: values.type,
      trackMembership: values.trackMembership,
      ...(dynamic && converted ? { filters: converted.filters } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormError error={general} />
      <div className={cx('grid gap-5', dynamic && 'xl:grid-cols-[minmax(0,1fr)_18rem]')}>
        <div className="min-w-0 space-y-5">
          <Card>
            <div className="grid gap-4 md:grid-cols-2">
              <TextInput
                label="Name"
                required
                maxLength={200}
                value={values.name}
                onChange={(e) => setValues({ ...values, name: e.target.value })}
                error={
                  fieldError(error, 'name') ?? (tried && !values.name.trim() ? 'Give the segment a name.' : undefined)
                }
                placeholder="Active pro customers"
              />
              <TextInput
                label="Description"
                maxLength={2000}
                value={values.description}
                onChange={(e) => setValues({ ...values, description: e.target.value })}
                error={fieldError(error, 'description')}
                hint="Optional: who this is and what it is for."
              />
            </div>
            {!segmentId && (
              <fieldset className="mt-5">
                <legend className="text-sm font-medium text-slate-700">Kind</legend>
                <div className="mt-2 grid gap-3 md:grid-cols-2">
                  {KINDS.map(([type, label, text]) => (
                    <label
                      key={type}
                      className={cx(
                        'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm',
                        values.type === type
                          ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500'
                          : 'border-slate-200',
                      )}
                    >
                      <input
                        type="radio"
                        name="segment-type"
                        value={type}
                        checked={values.type === type}
                        onChange={() => setValues({ ...values, type })}
                        className="mt-0.5 accent-brand-600"
                      />
                      <span>
                        <span className="block font-medium text-slate-900">{label}</span>
                        <span className="text-slate-600">{text}</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            <div className="mt-5">
              <Checkbox
                label="Track membership"
                checked={values.trackMembership}
                onChange={(e) => setValues({ ...values, trackMembership: e.target.checked })}
              />
              <p className="mt-1 pl-6 text-xs text-slate-500">
                Records an entry and an exit event whenever a contact joins or leaves, so workflows can start from them.
              </p>
            </div>
          </Card>
          {dynamic && (
            <Card title="Filter">
              {fields.error ? (
                <ErrorState error={fields.error} retry={fields.retry} />
              ) : !options ? (
                <div className="space-y-2" role="status" aria-label="Loading fields">
                  <Skeleton className="h-5 w-72" />
                  <Skeleton className="h-12 w-full" />
                  <Skeleton className="h-8 w-40" />
                </div>
              ) : (
                <FilterBuilder
                  label="Segment filter"
                  value={values.filter}
                  onChange={(filter) => setValues((v) => ({ ...v, filter }))}
                  options={options}
                  problems={problems}
                />
              )}
            </Card>
          )}
        </div>
        {dynamic && (
          <div className="xl:sticky xl:top-6 xl:self-start">
            <MatchPanel filters={converted?.filters} segmentId={segmentId} incomplete={incomplete} />
          </div>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <CancelAnd onCancel={onCancel}>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </CancelAnd>
      </div>
    </form>
  );
}
