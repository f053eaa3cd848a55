/** The trigger form's state: read from a workflow, compared with it, and turned into the API's patch. Pure. */
import type { Workflow } from '../model.ts';

export type TriggerType = Workflow['triggerType'];

export interface TriggerDraft {
  triggerType: TriggerType;
  eventName: string;
  schedule: string;
  /** '' for every contact. */
  segmentId: string;
  allowReentry: boolean;
}

type Config = { eventName?: string; schedule?: string; segmentId?: string | null };

export function triggerDraft(w: Pick<Workflow, 'triggerType' | 'triggerConfig' | 'allowReentry'>): TriggerDraft {
  const c = w.triggerConfig as Config;
  return {
    triggerType: w.triggerType,
    eventName: c.eventName ?? '',
    schedule: c.schedule ?? '',
    segmentId: c.segmentId ?? '',
    allowReentry: w.allowReentry,
  };
}

/** The draft's trigger settings as the API takes them (only those of its type). */
export function triggerPatch(d: TriggerDraft) {
  const triggerConfig =
    d.triggerType === 'EVENT'
      ? { eventName: d.eventName.trim() }
      : d.triggerType === 'SCHEDULE'
        ? { schedule: d.schedule.trim(), segmentId: d.segmentId || null }
        : {};
  return { triggerType: d.triggerType, triggerConfig, allowReentry: d.allowReentry };
}

/** Whether saving would change anything: settings of the other types do not count. */
export function triggerChanged(d: TriggerDraft, w: Pick<Workflow, 'triggerType' | 'triggerConfig' | 'allowReentry'>) {
  const was = triggerDraft(w);
  return (
    d.triggerType !== was.triggerType ||
    d.allowReentry !== was.allowReentry ||
    (d.triggerType === 'EVENT' && d.eventName.trim() !== was.eventName) ||
    (d.triggerType === 'SCHEDULE' && (d.schedule.trim() !== was.schedule || d.segmentId !== was.segmentId))
  );
}
