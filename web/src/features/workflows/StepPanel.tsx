/** The canvas's side panel: pick a step type, configure a new or existing step, the trigger, and the ways out. */
import { AlertTriangle, ArrowLeft, Trash2, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { ApiError, errorMessage, fieldError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox, Select, TextInput } from '../../components/Field.tsx';
import { FormError } from '../../components/States.tsx';
import { useToast } from '../../components/Toast.tsx';
import { useEventNames, useGraphEdits, useSegmentOptions } from './api.ts';
import type { Point } from './layout.ts';
import {
  ADDABLE_TYPES,
  type AddableType,
  handleOf,
  STEP_TYPES,
  type Step,
  stepTitle,
  type Way,
  type Workflow,
  waysOut,
} from './model.ts';
import { StepIcon } from './parts.tsx';
import { SHOWN_FIELDS, StepFields } from './StepFields.tsx';
import { type AnyDraft, configFor, DraftError, draftFor } from './step-drafts.ts';

/** A way out that has no transition yet: where "Connect from" can attach a new step. */
export interface FreeWay {
  stepId: string;
  way: Way;
  wayIndex: number;
  wayCount: number;
}

export function freeWays(workflow: Workflow): FreeWay[] {
  const used = new Set(workflow.transitions.map((t) => `${t.fromStepId}:${handleOf(t)}`));
  return workflow.steps.flatMap((s) => {
    const ways = waysOut(s.type);
    return ways
      .map((way, wayIndex) => ({ stepId: s.id, way, wayIndex, wayCount: ways.length }))
      .filter((f) => !used.has(`${f.stepId}:${f.way.handle}`));
  });
}

const wayKey = (f: Pick<FreeWay, 'stepId' | 'way'>) => `${f.stepId}:${f.way.handle}`;

/** JSON equality whatever the key order (PostgreSQL's jsonb reorders keys). */
export function sameJson(a: unknown, b: unknown): boolean {
  const canon = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canon)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

/** A DraftError as the API's error shape, so fields show it where the API's would go. */
const asApiError = (e: DraftError) =>
  new ApiError(422, 'VALIDATION_ERROR', `${e.field} ${e.message}`, [{ field: e.field, message: e.message }]);

/** The message for the form's top when no control shows the error. */
function unshown(error: unknown, prefixes: string[]): unknown {
  if (!error) return null;
  if (!(error instanceof ApiError) || error.errors.length === 0) return error;
  const shown = error.errors.every((e) =>
    prefixes.some((p) => e.field === p || e.field.startsWith(`${p}.`) || e.field.startsWith(`${p}[`)),
  );
  return shown ? null : error;
}

export function PanelShell({
  title,
  icon,
  onClose,
  onBack,
  children,
  footer,
}: {
  title: string;
  icon?: ReactNode;
  onClose: () => void;
  onBack?: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <aside
      aria-label={title}
      className="absolute inset-y-0 right-0 z-10 flex w-80 max-w-full flex-col xl:w-[22rem] border-l border-slate-200 bg-white shadow-xl"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
        {onBack && (
          <button
            type="button"
            aria-label="Back to step types"
            onClick={onBack}
            className="rounded p-1 text-slate-500 hover:bg-slate-100"
          >
            <ArrowLeft className="size-4" aria-hidden />
          </button>
        )}
        {icon}
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{title}</h2>
        <button
          type="button"
          aria-label="Close panel"
          onClick={onClose}
          className="rounded p-1 text-slate-500 hover:bg-slate-100"
        >
          <X className="size-4" aria-hidden />
        </button>
      </header>
      <div className="flex-1 space-y-5 overflow-y-auto px-4 py-4">{children}</div>
      {footer && (
        <footer className="flex items-center justify-between gap-2 border-t border-slate-100 px-4 py-3">
          {footer}
        </footer>
      )}
    </aside>
  );
}

export function PickTypePanel({ onPick, onClose }: { onPick: (type: AddableType) => void; onClose: () => void }) {
  return (
    <PanelShell title="Add a step" onClose={onClose}>
      <ul className="space-y-2">
        {ADDABLE_TYPES.map((type) => (
          <li key={type}>
            <button
              type="button"
              onClick={() => onPick(type)}
              className="flex w-full items-start gap-3 rounded-lg border border-slate-200 p-3 text-left hover:border-brand-300 hover:bg-brand-50/40"
            >
              <StepIcon type={type} />
              <span>
                <span className="block text-sm font-medium text-slate-900">{STEP_TYPES[type].label}</span>
                <span className="block text-xs text-slate-500">{STEP_TYPES[type].description}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </PanelShell>
  );
}

export function NewStepPanel({
  workflow,
  type,
  defaultFrom,
  fieldTypes,
  placeFor,
  onCreated,
  onBack,
  onClose,
}: {
  workflow: Workflow;
  type: AddableType;
  defaultFrom: FreeWay | null;
  fieldTypes: ReadonlyMap<string, string>;
  placeFor: (from: FreeWay | null) => Point;
  onCreated: (step: Step) => void;
  onBack: () => void;
  onClose: () => void;
}) {
  const edits = useGraphEdits(workflow.id);
  const toast = useToast();
  const [draft, setDraft] = useState<AnyDraft>(() => draftFor(type));
  const [name, setName] = useState('');
  const [localError, setLocalError] = useState<ApiError | null>(null);
  const free = useMemo(() => freeWays(workflow), [workflow]);
  const [from, setFrom] = useState(defaultFrom ? wayKey(defaultFrom) : '');
  const titles = new Map(workflow.steps.map((s) => [s.id, stepTitle(s)]));
  const error = localError ?? edits.addStep.error;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setLocalError(null);
    let config: Record<string, unknown>;
    try {
      config = configFor(type, draft, fieldTypes);
    } catch (err) {
      if (err instanceof DraftError) return setLocalError(asApiError(err));
      throw err;
    }
    const source = free.find((f) => wayKey(f) === from) ?? null;
    const step = await edits.addStep
      .mutateAsync({ type, config, ...(name.trim() ? { name: name.trim() } : {}), position: placeFor(source) })
      .catch(() => undefined);
    if (!step) return;
    if (source) {
      try {
        await edits.addTransition.mutateAsync({ fromStepId: source.stepId, toStepId: step.id, ...source.way.body });
      } catch (err) {
        toast(`The step was added, but not connected: ${errorMessage(err)}`, 'error');
      }
    }
    toast(`${STEP_TYPES[type].label} step added`);
    onCreated(step);
  };

  return (
    <PanelShell
      title={`New ${STEP_TYPES[type].label.toLowerCase()} step`}
      icon={<StepIcon type={type} size="sm" />}
      onClose={onClose}
      onBack={onBack}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="new-step" loading={edits.addStep.isPending || edits.addTransition.isPending}>
            Add step
          </Button>
        </>
      }
    >
      <form id="new-step" onSubmit={submit} className="space-y-5" noValidate>
        <FormError error={unshown(error, [...SHOWN_FIELDS[type], 'name'])} />
        <StepFields type={type} draft={draft} onChange={setDraft} error={error} />
        <TextInput
          label="Label (optional)"
          value={name}
          placeholder={STEP_TYPES[type].label}
          onChange={(e) => setName(e.target.value)}
          error={fieldError(error, 'name')}
          hint="The step’s name on the canvas."
        />
        <Select label="Comes after" value={from} onChange={(e) => setFrom(e.target.value)}>
          <option value="">Nothing yet (connect it later)</option>
          {free.map((f) => (
            <option key={wayKey(f)} value={wayKey(f)}>
              {titles.get(f.stepId)}
              {f.way.label ? ` → ${f.way.label}` : ''}
            </option>
          ))}
        </Select>
      </form>
    </PanelShell>
  );
}

/** A step's ways out as selects: choosing a step adds the transition, "Nowhere" removes it. */
export function WaysSection({
  workflow,
  step,
  onError,
}: {
  workflow: Workflow;
  step: Step;
  onError: (e: unknown) => void;
}) {
  const edits = useGraphEdits(workflow.id);
  const [busy, setBusy] = useState<string | null>(null);
  const ways = waysOut(step.type);
  if (ways.length === 0) return <p className="text-sm text-slate-500">The execution ends at this step.</p>;
  const targets = workflow.steps
    .filter((s) => s.type !== 'TRIGGER' && s.id !== step.id)
    .map((s) => ({ id: s.id, title: stepTitle(s) }))
    .sort((a, b) => a.title.localeCompare(b.title));
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-semibold text-slate-900">Next</legend>
      {ways.map((way) => {
        const existing = workflow.transitions.find((t) => t.fromStepId === step.id && handleOf(t) === way.handle);
        return (
          <Select
            key={way.handle}
            label={way.prompt}
            value={existing?.toStepId ?? ''}
            disabled={busy === way.handle}
            onChange={async (e) => {
              setBusy(way.handle);
              try {
                await edits.setWay(step.id, way.body, existing, e.target.value || null);
              } catch (err) {
                onError(err);
              } finally {
                setBusy(null);
              }
            }}
          >
            <option value="">{step.type === 'CONDITION' ? 'Nowhere yet' : 'Nowhere (the execution ends)'}</option>
            {targets.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </Select>
        );
      })}
    </fieldset>
  );
}

function ProblemList({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="space-y-1 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
      {problems.map((p) => (
        <p key={p} className="flex gap-2">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {p}
        </p>
      ))}
    </div>
  );
}

export function EditStepPanel({
  workflow,
  step,
  problems,
  fieldTypes,
  onClose,
  onDelete,
  onGraphError,
}: {
  workflow: Workflow;
  step: Step;
  problems: string[];
  fieldTypes: ReadonlyMap<string, string>;
  onClose: () => void;
  onDelete: () => void;
  onGraphError: (e: unknown) => void;
}) {
  const type = step.type as AddableType;
  const edits = useGraphEdits(workflow.id);
  const toast = useToast();
  const [draft, setDraft] = useState<AnyDraft>(() => draftFor(type, step.config));
  const [name, setName] = useState(step.name ?? '');
  const [localError, setLocalError] = useState<ApiError | null>(null);
  const error = localError ?? edits.updateStep.error;

  let pending: Record<string, unknown> | null = null;
  try {
    pending = configFor(type, draft, fieldTypes);
  } catch {
    pending = null;
  }
  const dirty = (name.trim() || null) !== (step.name ?? null) || !sameJson(pending, step.config);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setLocalError(null);
    let config: Record<string, unknown>;
    try {
      config = configFor(type, draft, fieldTypes);
    } catch (err) {
      if (err instanceof DraftError) return setLocalError(asApiError(err));
      throw err;
    }
    edits.updateStep.mutate(
      { stepId: step.id, body: { name: name.trim() || null, config } },
      {
        onSuccess: () => toast('Step saved'),
        onError: (err) => onGraphError(err),
      },
    );
  };

  return (
    <PanelShell
      title={stepTitle(step)}
      icon={<StepIcon type={step.type} size="sm" />}
      onClose={onClose}
      footer={
        <>
          <Button
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            icon={<Trash2 className="size-4" aria-hidden />}
            onClick={onDelete}
          >
            Delete step
          </Button>
          <Button type="submit" form="edit-step" disabled={!dirty} loading={edits.updateStep.isPending}>
            Save changes
          </Button>
        </>
      }
    >
      <ProblemList problems={problems} />
      <form id="edit-step" onSubmit={submit} className="space-y-5" noValidate>
        <FormError error={unshown(error, [...SHOWN_FIELDS[type], 'name'])} />
        <StepFields type={type} draft={draft} onChange={setDraft} error={error} />
        <TextInput
          label="Label (optional)"
          value={name}
          placeholder={STEP_TYPES[type].label}
          onChange={(e) => setName(e.target.value)}
          error={fieldError(error, 'name')}
        />
      </form>
      <hr className="border-slate-100" />
      <WaysSection workflow={workflow} step={step} onError={onGraphError} />
    </PanelShell>
  );
}

type TriggerType = Workflow['triggerType'];

export function TriggerPanel({
  workflow,
  step,
  problems,
  onClose,
  onGraphError,
}: {
  workflow: Workflow;
  step: Step;
  problems: string[];
  onClose: () => void;
  onGraphError: (e: unknown) => void;
}) {
  const edits = useGraphEdits(workflow.id);
  const toast = useToast();
  const events = useEventNames();
  const c = workflow.triggerConfig as { eventName?: string; schedule?: string; segmentId?: string | null };
  const [triggerType, setTriggerType] = useState<TriggerType>(workflow.triggerType);
  const [eventName, setEventName] = useState(c.eventName ?? '');
  const [schedule, setSchedule] = useState(c.schedule ?? '');
  const [segmentId, setSegmentId] = useState(c.segmentId ?? '');
  const [allowReentry, setAllowReentry] = useState(workflow.allowReentry);
  const segments = useSegmentOptions(triggerType === 'SCHEDULE');
  const error = edits.patchWorkflow.error;
  const dirty =
    triggerType !== workflow.triggerType ||
    allowReentry !== workflow.allowReentry ||
    (triggerType === 'EVENT' && eventName.trim() !== (c.eventName ?? '')) ||
    (triggerType === 'SCHEDULE' && (schedule.trim() !== (c.schedule ?? '') || segmentId !== (c.segmentId ?? '')));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const triggerConfig =
      triggerType === 'EVENT'
        ? { eventName: eventName.trim() }
        : triggerType === 'SCHEDULE'
          ? { schedule: schedule.trim(), segmentId: segmentId || null }
          : {};
    edits.patchWorkflow.mutate(
      { triggerType, triggerConfig, allowReentry },
      { onSuccess: () => toast('Trigger saved'), onError: (err) => onGraphError(err) },
    );
  };
  const options: Array<{ value: TriggerType; label: string; hint: string }> = [
    {
      value: 'EVENT',
      label: 'When an event is tracked',
      hint: 'Each tracked event starts an execution for its contact.',
    },
    { value: 'SCHEDULE', label: 'On a schedule', hint: 'Runs for every contact (or a segment’s) at set times.' },
    {
      value: 'MANUAL',
      label: 'Only when started by hand',
      hint: 'From the Executions tab or POST /workflows/:id/executions.',
    },
  ];

  return (
    <PanelShell
      title="Trigger"
      icon={<StepIcon type="TRIGGER" size="sm" />}
      onClose={onClose}
      footer={
        <>
          <span />
          <Button type="submit" form="trigger-form" disabled={!dirty} loading={edits.patchWorkflow.isPending}>
            Save trigger
          </Button>
        </>
      }
    >
      <ProblemList problems={problems} />
      <form id="trigger-form" onSubmit={submit} className="space-y-5" noValidate>
        <FormError error={unshown(error, ['eventName', 'triggerConfig', 'triggerType', 'allowReentry', 'steps'])} />
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Starts</legend>
          {options.map((o) => (
            <label
              key={o.value}
              className="flex items-start gap-2 rounded-md border border-slate-200 p-2.5 text-sm has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50/50"
            >
              <input
                type="radio"
                name="trigger-type"
                value={o.value}
                checked={triggerType === o.value}
                onChange={() => setTriggerType(o.value)}
                className="mt-0.5 accent-brand-600"
              />
              <span>
                <span className="block font-medium text-slate-800">{o.label}</span>
                <span className="block text-xs text-slate-500">{o.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {triggerType === 'EVENT' && (
          <>
            <TextInput
              label="Event name"
              list="trigger-events"
              value={eventName}
              onChange={(e) => setEventName(e.target.value)}
              error={fieldError(error, 'triggerConfig.eventName') ?? fieldError(error, 'eventName')}
              className="font-mono"
            />
            <datalist id="trigger-events">
              {events.data?.names.map((n) => (
                <option key={n.name} value={n.name} />
              ))}
            </datalist>
          </>
        )}
        {triggerType === 'SCHEDULE' && (
          <>
            <TextInput
              label="Schedule (cron, UTC)"
              value={schedule}
              placeholder="0 9 * * 1"
              onChange={(e) => setSchedule(e.target.value)}
              error={fieldError(error, 'triggerConfig.schedule')}
              hint="Five fields: minute hour day month weekday. 0 9 * * 1 is Mondays at 09:00 UTC."
              className="font-mono"
            />
            <Select
              label="Who"
              value={segmentId}
              onChange={(e) => setSegmentId(e.target.value)}
              error={fieldError(error, 'triggerConfig.segmentId')}
            >
              <option value="">Every contact</option>
              {segments.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  Contacts in {s.name}
                </option>
              ))}
            </Select>
          </>
        )}
        <Checkbox
          label="Let a contact go through again after finishing"
          checked={allowReentry}
          onChange={(e) => setAllowReentry(e.target.checked)}
        />
      </form>
      <hr className="border-slate-100" />
      <WaysSection workflow={workflow} step={step} onError={onGraphError} />
    </PanelShell>
  );
}
