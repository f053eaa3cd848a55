/** DELAY and WAIT_FOR_EVENT: an amount of time, and an event with an optional time limit. */
import { Checkbox, Select, TextInput } from '../../../components/Field.tsx';
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
  return (
    <Select label={label} value={value} onChange={(e) => onChange(e.target.value as TimeUnit)} error={error}>
      <option value="minutes">minutes</option>
      <option value="hours">hours</option>
      <option value="days">days</option>
    </Select>
  );
}

export function DelayFields({ draft, onChange, error }: FieldsProps<DelayDraft>) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <TextInput
        label="Wait for"
        inputMode="decimal"
        value={draft.amount}
        onChange={(e) => onChange({ ...draft, amount: e.target.value })}
        error={configError(error, 'amount')}
      />
      <UnitSelect
        label="Unit"
        value={draft.unit}
        onChange={(unit) => onChange({ ...draft, unit })}
        error={configError(error, 'unit')}
      />
      <p className="col-span-2 text-xs text-slate-500">Up to 365 days. The contact then moves on to the next step.</p>
    </div>
  );
}

export function WaitFields({ draft, onChange, error }: FieldsProps<WaitDraft>) {
  return (
    <div className="space-y-4">
      <EventNameInput
        label="Event to wait for"
        value={draft.eventName}
        placeholder="order.completed"
        onChange={(e) => onChange({ ...draft, eventName: e.target.value })}
        error={configError(error, 'eventName')}
        hint="The execution goes on as soon as this event is tracked for the contact."
      />
      <Checkbox
        label="Stop waiting after a while"
        checked={draft.timeLimit}
        onChange={(e) => onChange({ ...draft, timeLimit: e.target.checked })}
      />
      {draft.timeLimit && (
        <div className="grid grid-cols-2 gap-3">
          <TextInput
            label="Time limit"
            inputMode="decimal"
            value={draft.timeoutAmount}
            onChange={(e) => onChange({ ...draft, timeoutAmount: e.target.value })}
            error={configError(error, 'timeout')}
          />
          <UnitSelect
            label="Unit"
            value={draft.timeoutUnit}
            onChange={(timeoutUnit) => onChange({ ...draft, timeoutUnit })}
          />
          <p className="col-span-2 text-xs text-slate-500">
            When the limit passes, the execution takes the “Timed out” path.
          </p>
        </div>
      )}
    </div>
  );
}
