/** Rules of a CONDITION step: field, operator and value per rule, joined by all / any. */
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { fieldError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Select, TextInput } from '../../components/Field.tsx';
import { useSegmentOptions, useWorkflowFields } from './api.ts';
import {
  ANY_FIELD_OPERATORS,
  COUNTED,
  type ConditionDraft,
  emptyRule,
  type RuleDraft,
  ruleErrorAt,
  UNITS,
  VALUELESS,
  WINDOW,
} from './condition.ts';
import { operatorWords, type WorkflowField } from './model.ts';

const OTHER = '__other__';

const GROUPS: Array<{ label: string; test: (f: WorkflowField) => boolean }> = [
  { label: 'Contact', test: (f) => f.source === 'contact' },
  { label: 'Event data', test: (f) => f.source === 'event' && f.type !== 'event' },
  { label: 'Events the contact did', test: (f) => f.source === 'event' && f.type === 'event' },
  { label: 'Email activity', test: (f) => f.source === 'email' },
  { label: 'Segments', test: (f) => f.source === 'segment' },
];

function fieldLabel(f: WorkflowField, segments: ReadonlyMap<string, string>): string {
  if (f.source === 'segment') return `In segment: ${segments.get(f.field.slice('segment.'.length)) ?? f.field}`;
  if (f.source === 'email') return `Email ${f.field.slice('email.'.length)}`;
  return f.field;
}

/** Errors of the API for this editor: by rule and part (`value` of rule 2), and the rest. */
function ruleErrors(error: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const errors = (error as { errors?: Array<{ field: string; message: string }> } | null)?.errors ?? [];
  for (const e of errors) {
    const at = ruleErrorAt(e.field);
    if (at) out.set(`${at.index}.${at.part}`, e.message);
  }
  return out;
}

export function ConditionEditor({
  draft,
  onChange,
  error,
}: {
  draft: ConditionDraft;
  onChange: (next: ConditionDraft) => void;
  error: unknown;
}) {
  const fields = useWorkflowFields();
  const hasSegments = fields.data?.fields.some((f) => f.source === 'segment') ?? false;
  const segments = useSegmentOptions(hasSegments);
  const segmentNames = new Map((segments.data ?? []).map((s: { id: string; name: string }) => [s.id, s.name]));
  const byField = new Map((fields.data?.fields ?? []).map((f) => [f.field, f]));
  const errors = ruleErrors(error);
  const setRule = (i: number, patch: Partial<RuleDraft>) =>
    onChange({ ...draft, rules: draft.rules.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const logicId = useId();

  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-slate-700">Contacts match when</legend>
      {draft.rules.length > 1 && (
        <div className="flex items-center gap-2 text-sm text-slate-600">
          <label htmlFor={logicId}>Match</label>
          <select
            id={logicId}
            value={draft.logic}
            onChange={(e) => onChange({ ...draft, logic: e.target.value as 'AND' | 'OR' })}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            <option value="AND">all of these rules</option>
            <option value="OR">any of these rules</option>
          </select>
        </div>
      )}
      {draft.rules.map((rule, i) => {
        const known = byField.get(rule.field);
        const choosingOther = !known && rule.field !== '';
        const operators = known?.operators ?? ANY_FIELD_OPERATORS;
        const n = draft.rules.length > 1 ? ` ${i + 1}` : '';
        const type = known?.type;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity besides their place.
          <div key={i} className="space-y-2 rounded-md border border-slate-200 bg-slate-50/60 p-3">
            <Select
              label={`Field${n}`}
              value={known ? rule.field : choosingOther ? OTHER : ''}
              error={errors.get(`${i}.field`)}
              onChange={(e) => {
                const v = e.target.value;
                if (v === OTHER) return setRule(i, { field: 'workflow.', operator: 'equals' });
                const f = byField.get(v);
                const op = f && !f.operators.includes(rule.operator) ? f.operators[0]! : rule.operator;
                setRule(i, { field: v, operator: op });
              }}
            >
              <option value="" disabled>
                {fields.isPending ? 'Loading fields…' : 'Choose a field'}
              </option>
              {GROUPS.map((g) => {
                const list = (fields.data?.fields ?? []).filter(g.test);
                return list.length === 0 ? null : (
                  <optgroup key={g.label} label={g.label}>
                    {list.map((f) => (
                      <option key={f.field} value={f.field}>
                        {fieldLabel(f, segmentNames)}
                      </option>
                    ))}
                  </optgroup>
                );
              })}
              <option value={OTHER}>Another field…</option>
            </Select>
            {choosingOther && (
              <TextInput
                label={`Field path${n}`}
                value={rule.field}
                onChange={(e) => setRule(i, { field: e.target.value })}
                hint="data.<key>, event.<key> (the trigger event’s data) or workflow.<key> (the execution’s context)."
                className="font-mono"
              />
            )}
            <div className="grid grid-cols-2 gap-2">
              <Select
                label={`Operator${n}`}
                value={rule.operator}
                error={errors.get(`${i}.operator`)}
                onChange={(e) => setRule(i, { operator: e.target.value })}
              >
                {operators.map((op) => (
                  <option key={op} value={op}>
                    {operatorWords(op)}
                  </option>
                ))}
              </Select>
              {!VALUELESS.has(rule.operator) &&
                (type === 'boolean' && !WINDOW.has(rule.operator) ? (
                  <Select
                    label={`Value${n}`}
                    value={rule.value || 'true'}
                    error={errors.get(`${i}.value`)}
                    onChange={(e) => setRule(i, { value: e.target.value })}
                  >
                    <option value="true">true</option>
                    <option value="false">false</option>
                  </Select>
                ) : (
                  <TextInput
                    label={WINDOW.has(rule.operator) ? `Amount${n}` : `Value${n}`}
                    value={rule.value}
                    type={type === 'date' && !WINDOW.has(rule.operator) ? 'date' : 'text'}
                    inputMode={WINDOW.has(rule.operator) || type === 'number' ? 'decimal' : undefined}
                    placeholder={rule.operator === 'in' || rule.operator === 'notIn' ? 'a, b, c' : undefined}
                    error={errors.get(`${i}.value`)}
                    onChange={(e) => setRule(i, { value: e.target.value })}
                  />
                ))}
            </div>
            {(WINDOW.has(rule.operator) || COUNTED.has(rule.operator)) && (
              <div className="grid grid-cols-2 gap-2">
                {WINDOW.has(rule.operator) ? (
                  <Select
                    label={`Unit${n}`}
                    value={rule.unit}
                    error={errors.get(`${i}.unit`)}
                    onChange={(e) => setRule(i, { unit: e.target.value })}
                  >
                    {UNITS.map((u) => (
                      <option key={u} value={u}>
                        {u}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <span />
                )}
                {COUNTED.has(rule.operator) && (
                  <TextInput
                    label={`At least (times)${n}`}
                    inputMode="numeric"
                    placeholder="1"
                    value={rule.count}
                    error={errors.get(`${i}.count`)}
                    onChange={(e) => setRule(i, { count: e.target.value })}
                  />
                )}
              </div>
            )}
            {draft.rules.length > 1 && (
              <div className="flex justify-end">
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<Trash2 className="size-3.5" aria-hidden />}
                  onClick={() => onChange({ ...draft, rules: draft.rules.filter((_, j) => j !== i) })}
                >
                  Remove rule{n}
                </Button>
              </div>
            )}
          </div>
        );
      })}
      <Button
        size="sm"
        variant="secondary"
        icon={<Plus className="size-3.5" aria-hidden />}
        onClick={() => onChange({ ...draft, rules: [...draft.rules, emptyRule()] })}
      >
        Add a rule
      </Button>
      {fieldError(error, 'config.condition') && !errors.size && (
        <p className="text-xs text-red-600">{fieldError(error, 'config.condition')}</p>
      )}
    </fieldset>
  );
}
