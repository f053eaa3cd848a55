/**
 * Creating or editing a segment: name, description, kind (on create), membership tracking and, for a
 * dynamic segment, the filter with its live count. The API's field errors land on their field or on
 * the filter row they name; an unfinished filter row is named once a save was tried.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { CancelAnd } from '../../components/Dialog.tsx';
import { Checkbox, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { apiProblems, toApi } from '../../filters/convert.ts';
import { FilterBuilder } from '../../filters/FilterBuilder.tsx';
import type { FieldOption } from '../../filters/fields.ts';
import type { ApiGroup } from '../../filters/language.ts';
import type { GroupNode } from '../../filters/tree.ts';
import { useFieldOptions } from '../../filters/use-field-options.ts';
import { type DraftSave, useDraft } from '../../forms/use-draft.ts';
import { msg } from '../../i18n/msg.ts';
import { cx } from '../../lib/cx.ts';
import { MatchPanel } from './MatchPanel.tsx';

export interface SegmentFormValues {
  name: string;
  description: string;
  type: 'DYNAMIC' | 'STATIC';
  trackMembership: boolean;
  filter: GroupNode;
}

/** What the form sends: a dynamic segment's filter in the API's form, none for a static one. */
export interface SegmentSubmit {
  name: string;
  description: string | null;
  type: 'DYNAMIC' | 'STATIC';
  trackMembership: boolean;
  filters?: ApiGroup;
}

// Names and explanations are English messages, translated where shown.
const KINDS = [
  ['DYNAMIC', msg('Dynamic'), msg('Everyone who matches a filter, kept up to date as contacts change.')],
  ['STATIC', msg('Static'), msg('A fixed list: you add and remove people by email.')],
] as const;

/** The filter in the API's form with the rows still to finish; undefined until the field catalogue is in. */
function convert(filter: GroupNode, options: FieldOption[] | undefined) {
  return options ? toApi(filter, options) : undefined;
}

function incompleteFilter(converted: ReturnType<typeof convert>): boolean {
  return !converted || Object.keys(converted.problems).length > 0;
}

export function SegmentForm<B>({
  saved,
  segmentId,
  save,
  toBody,
  submitLabel,
  onCancel,
}: {
  /** The values saved (a new segment's starting values). */
  saved: SegmentFormValues;
  /** Set when editing: the type is fixed and the filter may not reference this segment. */
  segmentId?: string;
  /** The write (`useAction(…, { inline: true })`); its refusal shows on the fields and filter rows. */
  save: DraftSave<B>;
  /** The write's body from what the form sends. */
  toBody: (values: SegmentSubmit) => B;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [tried, setTried] = useState(false);
  const fields = useFieldOptions(segmentId);
  const options = fields.options;
  const d = useDraft(saved, {
    save,
    toBody: (v) => {
      const converted = convert(v.filter, options);
      return toBody({
        name: v.name.trim(),
        description: v.description.trim() || null,
        type: v.type,
        trackMembership: v.trackMembership,
        ...(v.type === 'DYNAMIC' && converted ? { filters: converted.filters } : {}),
      });
    },
    // useDraft checks before every save, Ctrl+S's included: from then on the builder marks the rows
    // to finish (the check's own message for them is not shown; the rows say it).
    check: (v) => {
      setTried(true);
      return {
        name: v.name.trim() ? undefined : t('Give the segment a name.'),
        filters:
          v.type === 'DYNAMIC' && incompleteFilter(convert(v.filter, options)) ? t('Finish the filter.') : undefined,
      };
    },
    leaveMessage: t('This segment is not saved yet. Leave and lose the changes?'),
  });
  const values = d.value;
  const dynamic = values.type === 'DYNAMIC';

  const converted = useMemo(() => convert(values.filter, options), [values.filter, options]);
  const incomplete = incompleteFilter(converted);
  // The builder's own checks once a save was tried, and the API's errors on the nodes they name.
  const problems = useMemo(
    () => ({ ...(converted ? apiProblems(save.error, converted.paths) : {}), ...(tried ? converted?.problems : {}) }),
    [converted, tried, save.error],
  );
  return (
    <form onSubmit={d.submit} noValidate className="space-y-5">
      <FormError error={d.formError} />
      <div className={cx('grid gap-5', dynamic && 'xl:grid-cols-[minmax(0,1fr)_18rem]')}>
        <div className="min-w-0 space-y-5">
          <Card>
            <div className="grid gap-4 md:grid-cols-2">
              <TextInput
                label={t('Name')}
                required
                maxLength={200}
                {...d.text('name')}
                placeholder={t('Active pro customers')}
              />
              <TextInput
                label={t('Description')}
                maxLength={2000}
                {...d.text('description')}
                hint={t('Optional: who this is and what it is for.')}
              />
            </div>
            {!segmentId && (
              <fieldset className="mt-5">
                <legend className="text-sm font-medium text-slate-700">{t('Kind')}</legend>
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
                        onChange={() => d.set({ type })}
                        className="mt-0.5 accent-brand-600"
                      />
                      <span>
                        <span className="block font-medium text-slate-900">{t(label)}</span>
                        <span className="text-slate-600">{t(text)}</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            <div className="mt-5">
              <Checkbox label={t('Track membership')} {...d.checkbox('trackMembership')} />
              <p className="mt-1 pl-6 text-xs text-slate-500">
                {t(
                  'Records an entry and an exit event whenever a contact joins or leaves, so workflows can start from them.',
                )}
              </p>
            </div>
          </Card>
          {dynamic && (
            <Card title={t('Filter')}>
              {fields.error ? (
                <ErrorState error={fields.error} retry={fields.retry} />
              ) : !options ? (
                <div className="space-y-2" role="status" aria-label={t('Loading fields')}>
                  <Skeleton className="h-5 w-72" />
                  <Skeleton className="h-12 w-full" />
                  <Skeleton className="h-8 w-40" />
                </div>
              ) : (
                <FilterBuilder
                  label={t('Segment filter')}
                  value={values.filter}
                  onChange={(filter) => d.set({ filter })}
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
          <Button type="submit" loading={d.saving}>
            {submitLabel}
          </Button>
        </CancelAnd>
      </div>
    </form>
  );
}
