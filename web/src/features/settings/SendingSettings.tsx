/**
 * Settings → Sending (beyond.md §9): the project's time zone (for contacts without their own, the
 * send window and the day's cap), the send window for marketing mail, the daily marketing cap and the
 * warm-up. One save sends them all; a refusal shows at its field. Below, the caps of the next seven
 * days as the server plans them (SendingPlanCard).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { can, type Project } from '../../api/session.ts';
import { Select, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import { Switch } from '../../components/Switch.tsx';
import { WeekdayPicker } from '../../components/WeekdayPicker.tsx';
import { DraftForm } from '../../forms/DraftForm.tsx';
import { type Draft, useDraft } from '../../forms/use-draft.ts';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { projectMutations } from '../../queries/projects.ts';
import { useAction } from '../../queries/use-action.ts';
import { SendingPlanCard } from './SendingPlanCard.tsx';
import {
  type SendingDraft,
  sendingBody,
  sendingDraftOf,
  sendingProblems,
  type Translate,
  warmupCap,
  windowSummary,
  zoneOptions,
} from './sending-draft.ts';

export function SendingSettings() {
  const { project } = useProject();
  return (
    <div className="space-y-6">
      <SendingForm key={project.id} project={project} />
      <SendingPlanCard />
    </div>
  );
}

/** The screen's translator in the shape the pure helpers of sending-draft.ts take. */
function useTranslate(): Translate {
  const { t } = useTranslation();
  return (message, values) => t(message, values);
}

function SendingForm({ project }: { project: Project }) {
  const { t } = useTranslation();
  const translate = useTranslate();
  const scope = useProject();
  const editable = can(project, 'settings.change');
  const save = useAction(projectMutations.update(scope), {
    inline: true,
    onSuccess: () => toast(t('Sending settings saved.')),
  });
  const d = useDraft(sendingDraftOf(project), {
    save,
    toBody: sendingBody,
    check: (draft) => sendingProblems(draft, translate),
    leaveMessage: t('Your sending settings are not saved yet. Leave and lose them?'),
  });
  const v = d.value;
  const zones = useMemo(
    () => zoneOptions(Intl.supportedValuesOf('timeZone'), v.timezone, v.windowZone),
    [v.timezone, v.windowZone],
  );

  return (
    <div className="space-y-6">
      <PermissionNotice permission="settings.change" className="">
        {t('Your role does not let you change these settings.')}
      </PermissionNotice>
      <DraftForm draft={d} editable={editable} submitLabel={t('Save sending settings')} className="space-y-6">
        <Card title={t('Time zone')}>
          <div className="max-w-md">
            <Select
              label={t('Project time zone')}
              {...d.text('timezone')}
              hint={t('For contacts without a data.timezone of their own, and for the daily cap’s day.')}
            >
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
          </div>
        </Card>
        <SendWindow d={d} zones={zones} />
        <DailyLimit d={d} />
      </DraftForm>
    </div>
  );
}

/** Marketing mail due outside the window waits for its next opening; transactional mail never waits. */
function SendWindow({ d, zones }: { d: Draft<SendingDraft>; zones: string[] }) {
  const { t } = useTranslation();
  const translate = useTranslate();
  const v = d.value;
  const daysError = d.error('sendWindow.days', 'days');
  return (
    <Card title={t('Send window')}>
      <div className="max-w-2xl space-y-4">
        <div className="space-y-1">
          <Switch
            className="text-left"
            label={t('Send marketing mail only at certain times')}
            showLabel
            checked={v.windowOn}
            onChange={(windowOn) => d.set({ windowOn })}
          />
          <p className="text-xs text-slate-500">
            {t(
              'Campaigns and marketing workflow emails due outside the window wait for its next opening. Transactional mail never waits.',
            )}
          </p>
        </div>
        {v.windowOn && (
          <>
            <WeekdayPicker legend={t('Days')} days={v.days} onChange={(days) => d.set({ days })} error={daysError} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput label={t('From', { context: 'time' })} type="time" {...d.text('start', 'sendWindow.start')} />
              <TextInput
                label={t('Until', { context: 'time' })}
                type="time"
                {...d.text('end', 'sendWindow.end')}
                hint={windowSummary(v, translate)}
              />
              <div className="sm:col-span-2 sm:max-w-md">
                <Select label={t('In the time zone')} {...d.text('windowZone', 'sendWindow.timezone')}>
                  <option value="">{t('The project’s ({zone})', { zone: v.timezone.replaceAll('_', ' ') })}</option>
                  {zones.map((z) => (
                    <option key={z} value={z}>
                      {z.replaceAll('_', ' ')}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
          </>
        )}
      </div>
    </Card>
  );
}

/** The daily marketing cap and the warm-up: the smaller of the two caps holds each day. */
function DailyLimit({ d }: { d: Draft<SendingDraft> }) {
  const { t } = useTranslation();
  const v = d.value;
  const perDay = Number(v.startPerDay);
  const growth = Number(v.growthPercent);
  const known = Number.isFinite(perDay) && perDay > 0 && Number.isFinite(growth) && growth > 0;
  return (
    <Card title={t('Daily limit')}>
      <div className="max-w-2xl space-y-5">
        <div className="space-y-3">
          <Switch
            className="text-left"
            label={t('Cap marketing mail per day')}
            showLabel
            checked={v.capOn}
            onChange={(capOn) => d.set({ capOn })}
          />
          {v.capOn && (
            <div className="max-w-xs">
              <TextInput
                label={t('Emails per day')}
                inputMode="numeric"
                {...d.text('cap', 'dailyMarketingCap')}
                hint={t('Mail past the day’s cap waits for the next day (midnight in the project’s time zone).')}
              />
            </div>
          )}
        </div>
        <div className="space-y-3 border-t border-slate-100 pt-4">
          <Switch
            className="text-left"
            label={t('Warm up a new sending domain or IP')}
            showLabel
            checked={v.warmupOn}
            onChange={(warmupOn) => d.set({ warmupOn })}
          />
          <p className="text-xs text-slate-500">
            {t(
              'Starts with a few emails a day and grows each day; where a daily cap is set too, the smaller one holds.',
            )}
          </p>
          {v.warmupOn && (
            <div className="grid gap-4 sm:grid-cols-3">
              <TextInput label={t('Started on')} type="date" {...d.text('startedOn', 'warmup.startedOn')} />
              <TextInput
                label={t('Emails on the first day')}
                inputMode="numeric"
                {...d.text('startPerDay', 'warmup.startPerDay')}
              />
              <TextInput
                label={t('Growth per day (%)')}
                inputMode="decimal"
                {...d.text('growthPercent', 'warmup.growthPercent')}
                hint={
                  known
                    ? t('Day 8: {day8}; day 31: {day31}.', {
                        day8: formatNumber(warmupCap(perDay, growth, 7)),
                        day31: formatNumber(warmupCap(perDay, growth, 30)),
                      })
                    : t('From 1 to 100.')
                }
              />
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
