/** The settings of each step type as form controls, with the API's errors under the matching control. */
import { Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { fieldError } from '../../api/client.ts';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { Checkbox, Select, TextArea, TextInput } from '../../components/Field.tsx';
import { useEventNames, useTemplateOptions } from './api.ts';
import { ConditionEditor } from './ConditionEditor.tsx';
import type { AddableType } from './model.ts';
import type {
  AnyDraft,
  ConditionStepDraft,
  DelayDraft,
  ExitDraft,
  SendEmailDraft,
  TimeUnit,
  UpdateDraft,
  ValueKind,
  WaitDraft,
  WebhookDraft,
} from './step-drafts.ts';

interface Props<D> {
  draft: D;
  onChange: (next: D) => void;
  error: unknown;
}

const err = (error: unknown, field: string) => fieldError(error, `config.${field}`);

/** The field prefixes each type's controls show errors for; anything else goes to the form's message. */
export const SHOWN_FIELDS: Record<AddableType, string[]> = {
  SEND_EMAIL: ['config.templateId', 'config.recipient'],
  DELAY: ['config.amount', 'config.unit'],
  WAIT_FOR_EVENT: ['config.eventName', 'config.timeout'],
  CONDITION: ['config.field', 'config.operator', 'config.value', 'config.unit', 'config.count', 'config.condition'],
  WEBHOOK: ['config.url', 'config.method', 'config.headers', 'config.body'],
  UPDATE_CONTACT: ['config.updates', 'config.subscriptionAction'],
  EXIT: ['config.reason'],
};

export function StepFields({
  type,
  draft,
  onChange,
  error,
}: {
  type: AddableType;
  draft: AnyDraft;
  onChange: (next: AnyDraft) => void;
  error: unknown;
}) {
  // Each form edits the draft of its own type; the union is narrowed by `type`.
  const p = { onChange: onChange as (next: unknown) => void, error };
  switch (type) {
    case 'SEND_EMAIL':
      return <SendEmailFields {...p} draft={draft as SendEmailDraft} />;
    case 'DELAY':
      return <DelayFields {...p} draft={draft as DelayDraft} />;
    case 'WAIT_FOR_EVENT':
      return <WaitFields {...p} draft={draft as WaitDraft} />;
    case 'CONDITION':
      return <ConditionFields {...p} draft={draft as ConditionStepDraft} />;
    case 'WEBHOOK':
      return <WebhookFields {...p} draft={draft as WebhookDraft} />;
    case 'UPDATE_CONTACT':
      return <UpdateFields {...p} draft={draft as UpdateDraft} />;
    case 'EXIT':
      return <ExitFields {...p} draft={draft as ExitDraft} />;
  }
}

function SendEmailFields({ draft, onChange, error }: Props<SendEmailDraft>) {
  const { to } = useProject();
  const templates = useTemplateOptions();
  const list = templates.data?.templates ?? [];
  const known = list.some((t) => t.id === draft.templateId);
  return (
    <div className="space-y-4">
      <Select
        label="Template"
        value={draft.templateId}
        onChange={(e) => onChange({ ...draft, templateId: e.target.value })}
        error={err(error, 'templateId') ?? (templates.isError ? 'The templates could not be loaded.' : undefined)}
        hint={
          list.length === 0 && templates.isSuccess ? (
            <>
              No templates yet.{' '}
              <Link to={to('templates')} className="text-brand-700 underline">
                Create one
              </Link>{' '}
              first.
            </>
          ) : (
            'The subject, sender and body come from the template; contact fields fill its variables.'
          )
        }
      >
        <option value="" disabled>
          {templates.isPending ? 'Loading templates…' : 'Choose a template'}
        </option>
        {!known && draft.templateId && (
          <option value={draft.templateId}>Template {draft.templateId.slice(0, 8)}…</option>
        )}
        {list.map((t) => (
          <option key={t.id} value={t.id} disabled={!t.from}>
            {t.name}
            {t.from ? ` — ${t.subject}` : ' (no sender set)'}
          </option>
        ))}
      </Select>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Send to</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="radio"
            name="recipient"
            checked={draft.recipient === 'CONTACT'}
            onChange={() => onChange({ ...draft, recipient: 'CONTACT' })}
            className="accent-brand-600"
          />
          The contact
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="radio"
            name="recipient"
            checked={draft.recipient === 'CUSTOM'}
            onChange={() => onChange({ ...draft, recipient: 'CUSTOM' })}
            className="accent-brand-600"
          />
          A fixed address (for example your team)
        </label>
        {draft.recipient === 'CUSTOM' && (
          <TextInput
            label="Address"
            type="email"
            value={draft.customEmail}
            placeholder="team@example.com"
            onChange={(e) => onChange({ ...draft, customEmail: e.target.value })}
            error={err(error, 'recipient')}
          />
        )}
      </fieldset>
    </div>
  );
}

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

function DelayFields({ draft, onChange, error }: Props<DelayDraft>) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <TextInput
        label="Wait for"
        inputMode="decimal"
        value={draft.amount}
        onChange={(e) => onChange({ ...draft, amount: e.target.value })}
        error={err(error, 'amount')}
      />
      <UnitSelect
        label="Unit"
        value={draft.unit}
        onChange={(unit) => onChange({ ...draft, unit })}
        error={err(error, 'unit')}
      />
      <p className="col-span-2 text-xs text-slate-500">Up to 365 days. The contact then moves on to the next step.</p>
    </div>
  );
}

function EventNameInput({
  value,
  onChange,
  error,
  label,
  hint,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  label: string;
  hint?: string;
}) {
  const events = useEventNames();
  return (
    <>
      <TextInput
        label={label}
        list="workflow-step-events"
        value={value}
        placeholder="order.completed"
        onChange={(e) => onChange(e.target.value)}
        error={error}
        hint={hint}
        className="font-mono"
      />
      <datalist id="workflow-step-events">
        {events.data?.names.map((n) => (
          <option key={n.name} value={n.name} />
        ))}
      </datalist>
    </>
  );
}

function WaitFields({ draft, onChange, error }: Props<WaitDraft>) {
  return (
    <div className="space-y-4">
      <EventNameInput
        label="Event to wait for"
        value={draft.eventName}
        onChange={(eventName) => onChange({ ...draft, eventName })}
        error={err(error, 'eventName')}
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
            error={err(error, 'timeout')}
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

function ConditionFields({ draft, onChange, error }: Props<ConditionStepDraft>) {
  if (draft.rules)
    return <ConditionEditor draft={draft.rules} onChange={(rules) => onChange({ ...draft, rules })} error={error} />;
  return (
    <TextArea
      label="Condition (JSON)"
      rows={10}
      value={draft.json}
      onChange={(e) => onChange({ ...draft, json: e.target.value })}
      error={fieldError(error, 'config')}
      hint="This condition has nested groups, set through the API; edit it as JSON."
      className="font-mono text-xs"
    />
  );
}

const METHODS = ['POST', 'PUT', 'PATCH', 'GET', 'DELETE'];

function WebhookFields({ draft, onChange, error }: Props<WebhookDraft>) {
  const setHeader = (i: number, patch: Partial<WebhookDraft['headers'][number]>) =>
    onChange({ ...draft, headers: draft.headers.map((h, j) => (j === i ? { ...h, ...patch } : h)) });
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-[6.5rem_1fr] gap-2">
        <Select
          label="Method"
          value={draft.method}
          onChange={(e) => onChange({ ...draft, method: e.target.value })}
          error={err(error, 'method')}
        >
          {METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </Select>
        <TextInput
          label="URL"
          type="url"
          value={draft.url}
          placeholder="https://api.example.com/hooks/mailwright"
          onChange={(e) => onChange({ ...draft, url: e.target.value })}
          error={err(error, 'url')}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Headers</legend>
        {draft.headers.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity besides their place.
          <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            <TextInput
              label={`Header ${i + 1} name`}
              hideLabel
              placeholder="Name"
              value={h.name}
              onChange={(e) => setHeader(i, { name: e.target.value })}
            />
            <TextInput
              label={`Header ${i + 1} value`}
              hideLabel
              placeholder="Value"
              value={h.value}
              onChange={(e) => setHeader(i, { value: e.target.value })}
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove header ${i + 1}`}
              icon={<Trash2 className="size-3.5" aria-hidden />}
              onClick={() => onChange({ ...draft, headers: draft.headers.filter((_, j) => j !== i) })}
            />
          </div>
        ))}
        {err(error, 'headers') && <p className="text-xs text-red-600">{err(error, 'headers')}</p>}
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus className="size-3.5" aria-hidden />}
          onClick={() => onChange({ ...draft, headers: [...draft.headers, { name: '', value: '' }] })}
        >
          Add a header
        </Button>
      </fieldset>
      <TextArea
        label="Body (optional)"
        rows={5}
        value={draft.body}
        placeholder='{ "email": "{{ contact.email }}" }'
        onChange={(e) => onChange({ ...draft, body: e.target.value })}
        error={err(error, 'body')}
        hint="A JSON object is sent as JSON; {{ variables }} work in the URL, headers and body. Empty: the contact, workflow, execution and event."
        className="font-mono text-xs"
      />
    </div>
  );
}

const KINDS: Array<{ kind: ValueKind; label: string }> = [
  { kind: 'string', label: 'Text' },
  { kind: 'number', label: 'Number' },
  { kind: 'boolean', label: 'True / false' },
  { kind: 'json', label: 'JSON' },
  { kind: 'remove', label: 'Remove the field' },
];

function UpdateFields({ draft, onChange, error }: Props<UpdateDraft>) {
  const setRow = (i: number, patch: Partial<UpdateDraft['updates'][number]>) =>
    onChange({ ...draft, updates: draft.updates.map((u, j) => (j === i ? { ...u, ...patch } : u)) });
  return (
    <div className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700">Custom fields to set</legend>
        {draft.updates.length === 0 && <p className="text-xs text-slate-500">No fields yet.</p>}
        {draft.updates.map((u, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity besides their place.
          <div key={i} className="space-y-2 rounded-md border border-slate-200 bg-slate-50/60 p-3">
            <div className="grid grid-cols-2 gap-2">
              <TextInput
                label={`Field ${i + 1}`}
                placeholder="plan"
                value={u.key}
                onChange={(e) => setRow(i, { key: e.target.value })}
                className="font-mono"
              />
              <Select
                label={`Type ${i + 1}`}
                value={u.kind}
                onChange={(e) => setRow(i, { kind: e.target.value as ValueKind })}
              >
                {KINDS.map((k) => (
                  <option key={k.kind} value={k.kind}>
                    {k.label}
                  </option>
                ))}
              </Select>
            </div>
            {u.kind === 'boolean' ? (
              <Select
                label={`Value ${i + 1}`}
                value={u.value === 'false' ? 'false' : 'true'}
                onChange={(e) => setRow(i, { value: e.target.value })}
              >
                <option value="true">true</option>
                <option value="false">false</option>
              </Select>
            ) : u.kind !== 'remove' ? (
              <TextInput
                label={`Value ${i + 1}`}
                value={u.value}
                inputMode={u.kind === 'number' ? 'decimal' : undefined}
                onChange={(e) => setRow(i, { value: e.target.value })}
                error={fieldError(error, `config.updates.${u.key.trim()}`)}
                className={u.kind === 'json' ? 'font-mono' : undefined}
              />
            ) : null}
            <div className="flex justify-end">
              <Button
                size="sm"
                variant="ghost"
                icon={<Trash2 className="size-3.5" aria-hidden />}
                onClick={() => onChange({ ...draft, updates: draft.updates.filter((_, j) => j !== i) })}
              >
                Remove field {i + 1}
              </Button>
            </div>
          </div>
        ))}
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus className="size-3.5" aria-hidden />}
          onClick={() => onChange({ ...draft, updates: [...draft.updates, { key: '', kind: 'string', value: '' }] })}
        >
          Add a field
        </Button>
        {err(error, 'updates') && !draft.updates.some((u) => fieldError(error, `config.updates.${u.key.trim()}`)) && (
          <p className="text-xs text-red-600">{err(error, 'updates')}</p>
        )}
      </fieldset>
      <Select
        label="Subscription"
        value={draft.subscriptionAction}
        onChange={(e) =>
          onChange({ ...draft, subscriptionAction: e.target.value as UpdateDraft['subscriptionAction'] })
        }
        error={err(error, 'subscriptionAction')}
      >
        <option value="none">Leave as it is</option>
        <option value="subscribe">Subscribe the contact</option>
        <option value="unsubscribe">Unsubscribe the contact</option>
      </Select>
    </div>
  );
}

function ExitFields({ draft, onChange, error }: Props<ExitDraft>) {
  return (
    <TextInput
      label="Reason (optional)"
      value={draft.reason}
      placeholder="Already a customer"
      onChange={(e) => onChange({ ...draft, reason: e.target.value })}
      error={err(error, 'reason')}
      hint="Shown on executions that end here."
    />
  );
}
