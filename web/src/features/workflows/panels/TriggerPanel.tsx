/** The trigger's panel: how executions start (an event, a schedule, by hand), re-entry, and where they go first. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Checkbox, Select, TextInput } from '../../../components/Field.tsx';
import { RadioGroup, type RadioOption } from '../../../components/RadioGroup.tsx';
import { FormError } from '../../../components/States.tsx';
import { type Draft, useDraft } from '../../../forms/use-draft.ts';
import { msg } from '../../../i18n/msg.ts';
import { useProject } from '../../../lib/project-context.tsx';
import { toast } from '../../../lib/toasts.ts';
import { segmentQueries } from '../../../queries/segments.ts';
import { useAction } from '../../../queries/use-action.ts';
import { workflowMutations } from '../../../queries/workflows.ts';
import { isGraphError } from '../editor/use-graph-problems.ts';
import { EventNameInput } from '../fields/EventNameInput.tsx';
import type { Step, Workflow } from '../model.ts';
import { StepIcon } from '../parts.tsx';
import { PanelShell, ProblemList } from './PanelShell.tsx';
import { type TriggerDraft, type TriggerType, triggerChanged, triggerDraft, triggerPatch } from './trigger-draft.ts';
import { WaysSection } from './WaysSection.tsx';

/** English messages, translated where the panel shows them. */
const OPTIONS: Array<{ value: TriggerType; label: string; hint: string }> = [
  {
    value: 'EVENT',
    label: msg('When an event is tracked'),
    hint: msg('Each tracked event starts an execution for its contact.'),
  },
  {
    value: 'SCHEDULE',
    label: msg('On a schedule'),
    hint: msg('Runs for every contact (or a segment’s) at set times.'),
  },
  {
    value: 'MANUAL',
    label: msg('Only when started by hand'),
    hint: msg('From the Executions tab or POST /workflows/:id/executions.'),
  },
];

export function TriggerPanel({
  workflow,
  step,
  problems,
  onClose,
  report,
}: {
  workflow: Workflow;
  step: Step;
  problems: string[];
  onClose: () => void;
  /** The editor's error channel: graph problems above the canvas, anything else a toast. */
  report: (e: unknown) => void;
}) {
  const { t } = useTranslation();
  const options: RadioOption<TriggerType>[] = OPTIONS.map((o) => ({ ...o, label: t(o.label), hint: t(o.hint) }));
  // The reaction, not mutate's callbacks: the saved trigger remounts this panel (its key).
  const save = useAction(workflowMutations.update(useProject(), workflow.id), {
    inline: true,
    onSuccess: () => toast(t('Trigger saved')),
    // The form shows its own refusals; only the graph's go above the canvas.
    onError: (e) => {
      if (isGraphError(e)) report(e);
    },
  });
  const d = useDraft(triggerDraft(workflow), {
    save,
    toBody: triggerPatch,
    // Graph problems show above the canvas, not again above the form.
    fields: ['steps'],
    // Settings typed for another kind of trigger are not sent: Ctrl+S on those alone asks nothing.
    unchanged: (v) => !triggerChanged(v, workflow),
    leaveMessage: t('The trigger’s changes are not saved yet. Leave and lose them?'),
  });
  const { triggerType } = d.value;
  return (
    <PanelShell
      title={t('Trigger')}
      icon={<StepIcon type="TRIGGER" size="sm" />}
      onClose={onClose}
      footer={
        <>
          <span />
          {/* Settings typed for another kind of trigger are not sent: they change nothing. */}
          <Button type="submit" form="trigger-form" disabled={!triggerChanged(d.value, workflow)} loading={d.saving}>
            {t('Save trigger')}
          </Button>
        </>
      }
    >
      <ProblemList problems={problems} />
      <form id="trigger-form" onSubmit={d.submit} className="space-y-5" noValidate>
        <FormError error={d.formError} />
        <RadioGroup
          legend={t('Starts')}
          name="trigger-type"
          value={triggerType}
          options={options}
          onChange={(next) => d.set({ triggerType: next })}
        />
        {triggerType === 'EVENT' && (
          <EventNameInput label={t('Event name')} {...d.text('eventName', 'triggerConfig.eventName')} />
        )}
        {triggerType === 'SCHEDULE' && <ScheduleFields d={d} />}
        <Checkbox label={t('Let a contact go through again after finishing')} {...d.checkbox('allowReentry')} />
      </form>
      <hr className="border-slate-100" />
      <WaysSection workflow={workflow} step={step} onError={report} />
    </PanelShell>
  );
}

/** A schedule's cron expression and who it runs for (every contact, or a segment's). */
function ScheduleFields({ d }: { d: Draft<TriggerDraft> }) {
  const { t } = useTranslation();
  const segments = useQuery(segmentQueries.list(useProject()));
  return (
    <>
      <TextInput
        label={t('Schedule (cron, UTC)')}
        placeholder="0 9 * * 1"
        {...d.text('schedule', 'triggerConfig.schedule')}
        hint={t('Five fields: minute hour day month weekday. {example} is Mondays at 09:00 UTC.', {
          example: '0 9 * * 1',
        })}
        className="font-mono"
      />
      <Select label={t('Who')} {...d.text('segmentId', 'triggerConfig.segmentId')}>
        <option value="">{t('Every contact')}</option>
        {segments.data?.map((s) => (
          <option key={s.id} value={s.id}>
            {t('Contacts in {segment}', { segment: s.name })}
          </option>
        ))}
      </Select>
    </>
  );
}
