/**
 * Creating or editing a segment: name, description, kind (on create), membership tracking and, for a
 * dynamic segment, the filter with its live count. The API's field errors land on their field or on
 * the filter row they name.
 */
import { type FormEvent, useMemo, useState } from 'react';
import { ApiError, fieldError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { cx } from '../../lib/cx.ts';
import { FilterBuilder } from './FilterBuilder.tsx';
import { type GroupNode, nodeForErrorPath, toApi } from './filter-model.ts';
import { MatchPanel } from './MatchPanel.tsx';
import { useFieldOptions } from './queries.ts';

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
  filters?: unknown;
}

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
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const fields = useFieldOptions(segmentId);
  const options = fields.options;
  const dynamic = values.type === 'DYNAMIC';

  const converted = useMemo(() => (options ? toApi(values.filter, options) : undefined), [values.filter, options]);
  const incomplete = !converted || Object.keys(converted.problems).length > 0;

  // The API's errors on filter rows, placed by the path it names; the builder's own checks once a save was tried.
  const problems = useMemo(() => {
    const out: Record<string, string> = {};
    if (converted && tried) Object.assign(out, converted.problems);
    if (converted && error instanceof ApiError) {
      for (const e of error.errors) {
        const id = e.field?.startsWith('filters') ? nodeForErrorPath(converted.paths, e.field) : undefined;
        if (id && !out[id]) out[id] = e.message;
      }
    }
    return out;
  }, [converted, tried, error]);
  const filterMessage =
    error instanceof ApiError
      ? error.errors.find((e) => e.field === 'filters' || e.field === 'condition')?.message
      : undefined;
  const knownFields = ['name', 'description', 'filters', 'condition'];
  const general =
    error instanceof ApiError &&
    error.errors.length > 0 &&
    error.errors.every((e) => knownFields.some((f) => e.field?.startsWith(f)))
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
                  {(
                    [
                      ['DYNAMIC', 'Dynamic', 'Everyone who matches a filter, kept up to date as contacts change.'],
                      ['STATIC', 'Static', 'A fixed list: you add and remove people by email.'],
                    ] as const
                  ).map(([type, label, text]) => (
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
                <>
                  <FilterBuilder
                    label="Segment filter"
                    value={values.filter}
                    onChange={(filter) => setValues((v) => ({ ...v, filter }))}
                    options={options}
                    problems={problems}
                  />
                  {filterMessage && <p className="mt-2 text-xs text-red-600">{filterMessage}</p>}
                </>
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
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
