// Invariant: the trigger form sends only its type's settings and counts as changed only when saving would change something.
import { describe, expect, it } from 'vitest';
import { triggerChanged, triggerDraft, triggerPatch } from './trigger-draft.ts';

const eventWorkflow = { triggerType: 'EVENT' as const, triggerConfig: { eventName: 'signed.up' }, allowReentry: false };

describe('trigger drafts', () => {
  it('reads a workflow back unchanged', () => {
    const d = triggerDraft(eventWorkflow);
    expect(d).toEqual({
      triggerType: 'EVENT',
      eventName: 'signed.up',
      schedule: '',
      segmentId: '',
      allowReentry: false,
    });
    expect(triggerChanged(d, eventWorkflow)).toBe(false);
    expect(triggerChanged({ ...d, eventName: ' signed.up ' }, eventWorkflow)).toBe(false);
  });

  it('sends a schedule with its segment, or null for every contact', () => {
    const d = { ...triggerDraft(eventWorkflow), triggerType: 'SCHEDULE' as const, schedule: ' 0 9 * * 1 ' };
    expect(triggerPatch(d)).toEqual({
      triggerType: 'SCHEDULE',
      triggerConfig: { schedule: '0 9 * * 1', segmentId: null },
      allowReentry: false,
    });
    expect(triggerPatch({ ...d, segmentId: 's1' }).triggerConfig).toEqual({ schedule: '0 9 * * 1', segmentId: 's1' });
    expect(triggerChanged(d, eventWorkflow)).toBe(true);
  });

  it('sends no settings for a manual trigger', () => {
    const d = { ...triggerDraft(eventWorkflow), triggerType: 'MANUAL' as const };
    expect(triggerPatch(d).triggerConfig).toEqual({});
  });
});
