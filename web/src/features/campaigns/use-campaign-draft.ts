/**
 * The campaign form's state: its values and audience filter, the API body they make, whether that
 * differs from what was saved, and what keeps it from being saved. Kept in a hook so the screen's
 * actions (save, send a test, schedule, send) can save pending changes first.
 */
import { useMemo, useState } from 'react';
import { toApi } from '../../filters/convert.ts';
import type { GroupNode } from '../../filters/tree.ts';
import { useFieldOptions } from '../../filters/use-field-options.ts';
import { type CampaignFormValues, campaignBody } from './campaign-model.ts';

export interface Draft {
  values: CampaignFormValues;
  filter: GroupNode;
}

export function useCampaignDraft(initial: Draft) {
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const fields = useFieldOptions();
  const converted = useMemo(
    () => (fields.options ? toApi(draft.filter, fields.options, 'audienceFilter') : undefined),
    [draft.filter, fields.options],
  );
  const filterIncomplete =
    draft.values.audienceType === 'FILTERED' && (!converted || Object.keys(converted.problems).length > 0);
  const body = campaignBody(draft.values, converted?.filters ?? null);
  const savedBody = useMemo(() => {
    const c = fields.options ? toApi(saved.filter, fields.options, 'audienceFilter') : undefined;
    return campaignBody(saved.values, c?.filters ?? null);
  }, [saved, fields.options]);
  const dirty = JSON.stringify(body) !== JSON.stringify(savedBody);
  const missing = missingFields(draft.values);
  return {
    draft,
    set: (patch: Partial<CampaignFormValues>) => setDraft((d) => ({ ...d, values: { ...d.values, ...patch } })),
    setFilter: (filter: GroupNode) => setDraft((d) => ({ ...d, filter })),
    markSaved: () => setSaved(draft),
    fields,
    converted,
    filterIncomplete,
    body,
    dirty,
    missing,
    valid: !filterIncomplete && Object.keys(missing).length === 0,
  };
}

export type CampaignDraft = ReturnType<typeof useCampaignDraft>;

/** The message to show under a field of the form, if any. */
export type ShowError = (field: keyof CampaignFormValues) => string | undefined;

type TextField = 'name' | 'description' | 'subject' | 'from' | 'fromName' | 'replyTo';

/** What a text input of the form takes: its value, its setter and the message under it. */
export function bindField(d: CampaignDraft, show: ShowError, key: TextField) {
  return {
    value: d.draft.values[key],
    onChange: (e: { target: { value: string } }) => d.set({ [key]: e.target.value }),
    error: show(key),
  };
}

/** What the form must fix before a save, said per field. */
function missingFields(v: CampaignFormValues): Partial<Record<keyof CampaignFormValues, string>> {
  const missing: Partial<Record<keyof CampaignFormValues, string>> = {};
  if (!v.name.trim()) missing.name = 'Give the campaign a name.';
  if (!v.subject.trim()) missing.subject = 'Write a subject line.';
  if (!v.from.trim()) missing.from = 'Enter the address it is sent from.';
  if (!v.body.trim()) missing.body = 'Write the email, or start from a template.';
  if (v.audienceType === 'SEGMENT' && !v.segmentId) missing.segmentId = 'Choose a segment.';
  return missing;
}
