/**
 * The campaign's sending dialogs: a test send, choosing a send time (one moment, or a local time in
 * each recipient's zone), and the last check before sending now. Each runs its own write and is mounted only while open, so each opening starts anew.
 */
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { useMe } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { CancelAnd, Dialog } from '../../components/Dialog.tsx';
import { TextInput } from '../../components/Field.tsx';
import { RadioGroup } from '../../components/RadioGroup.tsx';
import { FormError, Skeleton } from '../../components/States.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { msg } from '../../i18n/msg.ts';
import { viewerTimeZone } from '../../lib/chart-data.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Campaign, campaignMutations } from '../../queries/campaigns.ts';
import { useAction } from '../../queries/use-action.ts';
import { defaultScheduleTime, fromLocalInput, scheduleProblem, toLocalInput } from './campaign-model.ts';
import { LocalSendFields } from './LocalSendFields.tsx';
import { defaultLocalSend, localSendProblems, localSendText } from './local-send.ts';
import { useAudiencePreview } from './use-audience-preview.ts';

interface DialogProps {
  campaign: Campaign;
  onClose: () => void;
}

/** The send (now or scheduled) of `campaign`, saying where it went once it did. */
function useSend({ campaign, onClose }: DialogProps) {
  const { t } = useTranslation();
  return useAction(campaignMutations.send(useProject(), campaign.id), {
    inline: true,
    onSuccess: (next) => {
      onClose();
      toast(
        next.status === 'SCHEDULED'
          ? t('Scheduled for {when}', { when: formatDateTime(next.scheduledAt) })
          : next.localSend
            ? t('Sending at {when}', { when: localSendText(next.localSend) })
            : t('{count, plural, one {Sending to # contact} other {Sending to # contacts}}', {
                count: next.totalRecipients,
              }),
      );
    },
  });
}

/** The saved version to one address (the signed-in person's at first). */
export function SendTestDialog({ campaign, onClose }: DialogProps) {
  const { t } = useTranslation();
  const me = useMe();
  const test = useAction(campaignMutations.test(useProject(), campaign.id), {
    inline: true,
    onSuccess: (sent) => {
      onClose();
      toast(t('Test sent to {email}', { email: sent.to }));
    },
  });
  const [start] = useState(() => ({ email: me.data?.email ?? '' }));
  const d = useDraft(start, {
    save: test,
    toBody: ({ email }) => ({ email: email.trim() }),
    sends: true,
  });
  return (
    <FormDialog open onClose={onClose} title={t('Send a test email')} submitLabel={t('Send test')} draft={d}>
      <p className="text-sm text-slate-600">
        {t(
          'The saved version goes to this one address, with “[TEST]” before the subject. It does not count in the campaign’s results.',
        )}
      </p>
      <TextInput label={t('Send the test to')} type="email" required autoFocus {...d.text('email')} />
    </FormDialog>
  );
}

const WHEN = [
  {
    value: 'AT',
    label: msg('At one moment'),
    hint: msg('Everyone gets it from the time you choose, in your time zone.'),
  },
  {
    value: 'LOCAL',
    label: msg('At a local time in each recipient’s time zone'),
    hint: msg('Each contact gets it at, say, 9:00 their time on the day you choose.'),
  },
] as const;

/**
 * A send time in the person's own zone, or a local time in each recipient's zone (not for an A/B
 * test, whose test group goes first); a scheduled campaign's dialog starts from its time.
 */
export function ScheduleDialog(props: DialogProps) {
  const { t } = useTranslation();
  const current = props.campaign.status === 'SCHEDULED' ? props.campaign.scheduledAt : null;
  const local = !props.campaign.abTest;
  const send = useSend(props);
  const [start] = useState(() => ({
    when: 'AT' as 'AT' | 'LOCAL',
    at: toLocalInput(current ? new Date(current) : defaultScheduleTime(new Date())),
    ...defaultLocalSend(new Date()),
  }));
  const d = useDraft(start, {
    save: send,
    toBody: ({ when, at, localTime, date }) =>
      when === 'LOCAL' ? { localTime, date } : { scheduledFor: fromLocalInput(at) },
    check: (v) => (v.when === 'LOCAL' ? localSendProblems(v) : { scheduledFor: scheduleProblem(v.at, new Date()) }),
    sends: true,
  });
  const iso = fromLocalInput(d.value.at);
  const fine = iso && !scheduleProblem(d.value.at, new Date());
  const zone = viewerTimeZone();
  const atLocal = d.value.when === 'LOCAL';
  return (
    <FormDialog
      open
      onClose={props.onClose}
      title={current ? t('Change the send time') : t('Schedule the campaign')}
      submitLabel={atLocal ? t('Send at local times') : current ? t('Change time') : t('Schedule')}
      draft={d}
      wide={atLocal}
    >
      {local ? (
        <RadioGroup<'AT' | 'LOCAL'>
          legend={t('When')}
          name="schedule-when"
          value={d.value.when}
          options={WHEN.map((o) => ({ ...o, label: t(o.label), hint: t(o.hint) }))}
          onChange={(when) => d.set({ when })}
        />
      ) : (
        <p className="text-sm text-slate-600">
          {t('An A/B test sends to its test group first, so it goes out at one moment, not at local times.')}
        </p>
      )}
      {atLocal ? (
        <LocalSendFields
          campaignId={props.campaign.id}
          value={d.value}
          onChange={d.set}
          error={(field) => d.error(field)}
        />
      ) : (
        <>
          {/* No `min`: the browser's own check would stop the form before it says what is wrong. */}
          <TextInput
            label={t('Send at')}
            type="datetime-local"
            required
            {...d.text('at', 'scheduledFor')}
            hint={
              fine
                ? t('Your time zone: {zone}. It goes out {when}.', { zone, when: formatDateTime(iso) })
                : t('Your time zone: {zone}.', { zone })
            }
          />
          <p className="text-sm text-slate-600">
            {t('The audience is counted again when it starts: contacts who join before then get it too.')}
          </p>
        </>
      )}
    </FormDialog>
  );
}

/** "Send to 1,204 contacts now?", with the count taken as the dialog opens. */
export function SendNowDialog(props: DialogProps) {
  const { t } = useTranslation();
  const { campaign, onClose } = props;
  const send = useSend(props);
  const preview = useAudiencePreview({
    audienceType: campaign.audienceType,
    segmentId: campaign.segmentId,
    audienceFilter: campaign.audienceFilter,
    emailType: campaign.emailType,
    topicId: campaign.topicId,
  });
  const n = preview.data?.recipients;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('Send it now?')}
      footer={
        <CancelAnd onCancel={onClose}>
          <Button
            onClick={() => send.mutate({})}
            loading={send.isPending}
            disabled={n === 0}
            icon={<Send className="size-4" aria-hidden />}
          >
            {n === undefined
              ? t('Send now')
              : t('{count, plural, one {Send to # contact} other {Send to # contacts}}', { count: n })}
          </Button>
        </CancelAnd>
      }
    >
      <div className="space-y-3 text-sm text-slate-600">
        <p>
          {t(
            '“{name}” goes out right away. Once it has started, it cannot be taken back: you can only stop what has not been sent yet.',
            { name: campaign.name },
          )}
        </p>
        <div className="rounded-md bg-slate-50 px-3 py-2">
          {preview.isError ? (
            <span className="text-red-700">{errorMessage(preview.error)}</span>
          ) : n === undefined ? (
            <Skeleton className="h-5 w-48" />
          ) : n === 0 ? (
            <span className="text-red-700">{t('The audience has no one to send to right now.')}</span>
          ) : (
            <span>
              <Trans
                i18nKey="{count, plural, one {<number>#</number> contact gets this email.} other {<number>#</number> contacts get this email.}}"
                values={{ count: n }}
                components={{ number: <strong className="text-slate-900" data-testid="send-count" /> }}
              />
            </span>
          )}
        </div>
        <FormError error={send.error} />
      </div>
    </Dialog>
  );
}
