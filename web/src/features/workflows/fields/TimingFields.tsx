/**
 * DELAY and WAIT_FOR_EVENT: an amount of time or until a local time (on some days), and an event with
 * an optional time limit.
 */
import { useTranslation } from 'react-i18next';
import { Checkbox, Select, TextInput } from '../../../components/Field.tsx';
import { RadioGroup } from '../../../components/RadioGroup.tsx';
import { WeekdayPicker } from '../../../components/WeekdayPicker.tsx';
import { msg } from '../../../i18n/msg.ts';
import type { DelayDraft, TimeUnit, WaitDraft } from '../step-drafts.ts';
import { EventNameInput } from './EventNameInput.tsx';
import { configError, type FieldsProps } from './field-props.ts';

function UnitSelect({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: TimeUnit;
  onChange: (u: TimeUnit) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select label={label} value={value} onChange={(e) => onChange(e.target.value as TimeUnit)} error={error}>
      <option value="minutes">{t('minutes')}</option>
      <option value="hours">{t('hours')}</option>
      <option value="days">{t('days')}</option>
    </Select>
  );
}

/** English messages, translated where shown. */
const DELAY_MODES = [
  { value: 'DURATION', label: msg('For a duration') },
  { value: 'UNTIL', label: msg('Until a local time') },
] as const;

export function DelayFields({ draft, onChange, error }: FieldsProps<DelayDraft>) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <RadioGroup<DelayDraft['mode']>
        legend={t('Wait')}
        name="delay-mode"
        value={draft.mode}
        options={DELAY_MODES.map((m) => ({ ...m, label: t(m.label) }))}
        onChange={(mode) => onChange({ ...draft, mode })}
      />
      {draft.mode === 'DURATION' ? (
        <div className="grid grid-cols-2 gap-3">
          <TextInput
            label={t('Wait for')}
            inputMode="decimal"
            value={draft.amount}
            onChange={(e) => onChange({ ...draft, amount: e.target.value })}
            error={configError(error, 'amount')}
          />
          <UnitSelect
            label={t('Unit')}
            value={draft.unit}
            onChange={(unit) => onChange({ ...draft, unit })}
            error={configError(error, 'unit')}
          />
          <p className="col-span-2 text-xs text-slate-500">
            {t('Up to 365 days. The contact then moves on to the next step.')}
          </p>
        </div>
      ) : (
        <UntilFields draft={draft} onChange={onChange} error={error} />
      )}
    </div>
  );
}

/** The next such time in the contact's zone (data.timezone, else the project's), on the days ticked. */
function UntilFields({ draft, onChange, error }: FieldsProps<DelayDraft>) {
  const { t } = useTranslation();
  const daysError = configError(error, 'until.days');
  return (
    <div className="space-y-3">
      <div className="max-w-40">
        <TextInput
          label={t('Local time')}
          type="time"
          value={draft.localTime}
          onChange={(e) => onChange({ ...draft, localTime: e.target.value })}
          error={configError(error, 'until.localTime') ?? configError(error, 'until')}
        />
      </div>
      <WeekdayPicker
        legend={t('On')}
        days={draft.days}
        onChange={(days) => onChange({ ...draft, days })}
        error={daysError}
      />
      <p className="text-xs text-slate-500">
        {t(
          'Waits to the next such time in the contact’s time zone ({field}, else the project’s); no day ticked: any day.',
          { field: 'data.timezone' },
        )}
      </p>
    </div>
  );
}

export function WaitFields({ draft, onChange, error }: FieldsProps<WaitDraft>) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <EventNameInput
        label={t('Event to wait for')}
        value={draft.eventName}
        // i18n-ignore: an event name, as the API takes it
        placeholder="order.completed"
        onChange={(e) => onChange({ ...draft, eventName: e.target.value })}
        error={configError(error, 'eventName')}
        hint={t('The execution goes on as soon as this event is tracked for the contact.')}
      />
      <Checkbox
        label={t('Stop waiting after a while')}
        checked={draft.timeLimit}
        onChange={(e) => onChange({ ...draft, timeLimit: e.target.checked })}
      />
      {draft.timeLimit && (
        <div className="grid grid-cols-2 gap-3">
          <TextInput
            label={t('Time limit')}
            inputMode="decimal"
            value={draft.timeoutAmount}
            onChange={(e) => onChange({ ...draft, timeoutAmount: e.target.value })}
            error={configError(error, 'timeout')}
          />
          <UnitSelect
            label={t('Unit')}
            value={draft.timeoutUnit}
            onChange={(timeoutUnit) => onChange({ ...draft, timeoutUnit })}
          />
          <p className="col-span-2 text-xs text-slate-500">
            {t('When the limit passes, the execution takes the “Timed out” path.')}
          </p>
        </div>
      )}
    </div>
  );
}
