/**
 * The campaign's sending dialogs: a test send, choosing a send time (one moment, or a local time in
 * each recipient's zone), and the last check before sending now. Each runs its own write and is mounted only while open, so each opening starts anew.
 */
import { Send } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useMe } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { CancelAnd, Dialog } from '../../components/Dialog.tsx';
import { TextInput } from '../../components/Field.tsx';
import { RadioGroup } from '../../components/RadioGroup.tsx';
import { FormError, Skeleton } from '../../components/States.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { formatDateTime, formatNumber, plural } from '../../lib/format.ts';
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
  return useAction(campaignMutations.send(useProject(), campaign.id), {
    inline: true,
    onSuccess: (next) => {
      onClose();
      toast(
        next.status === 'SCHEDULED'
          ? `Scheduled for ${formatDateTime(next.scheduledAt)}`
          : next.localSend
            ? `Sending at ${localSendText(next.localSend)}`
            : `Sending to ${plural(next.totalRecipients, 'contact')}`,
      );
    },
  });
}

/** The saved version to one address (the signed-in person's at first). */
export function SendTestDialog({ campaign, onClose }: DialogProps) {
  const me = useMe();
  const test = useAction(campaignMutations.test(useProject(), campaign.id), {
    inline: true,
    onSuccess: (sent) => {
      onClose();
      toast(`Test sent to ${sent.to}`);
    },
  });
  const [start] = useState(() => ({ email: me.data?.email ?? '' }));
  const d = useDraft(start, {
    save: test,
    toBody: ({ email }) => ({ email: email.trim() }),
    sends: true,
  });
  return (
    <FormDialog open onClose={onClose} title="Send a test email" submitLabel="Send test" draft={d}>
      <p className="text-sm text-slate-600">
        The saved version goes to this one address, with “[TEST]” before the subject. It does not count in the
        campaign’s results.
      </p>
      <TextInput label="Send the test to" type="email" required autoFocus {...d.text('email')} />
    </FormDialog>
  );
}

const WHEN = [
  { value: 'AT', label: 'At one moment', hint: 'Everyone gets it from the time you choose, in your time zone.' },
  {
    value: 'LOCAL',
    label: 'At a local time in each recipient’s time zone',
    hint: 'Each contact gets it at, say, 9:00 their time on the day you choose.',
  },
] as const;

/**
 * A send time in the person's own zone, or a local time in each recipient's zone (not for an A/B
 * test, whose test group goes first); a scheduled campaign's dialog starts from its time.
 */
export function ScheduleDialog(props: DialogProps) {
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
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const atLocal = d.value.when === 'LOCAL';
  return (
    <FormDialog
      open
      onClose={props.onClose}
      title={current ? 'Change the send time' : 'Schedule the campaign'}
      submitLabel={atLocal ? 'Send at local times' : current ? 'Change time' : 'Schedule'}
      draft={d}
      wide={atLocal}
    >
      {local ? (
        <RadioGroup<'AT' | 'LOCAL'>
          legend="When"
          name="schedule-when"
          value={d.value.when}
          options={WHEN}
          onChange={(when) => d.set({ when })}
        />
      ) : (
        <p className="text-sm text-slate-600">
          An A/B test sends to its test group first, so it goes out at one moment, not at local times.
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
            label="Send at"
            type="datetime-local"
            required
            {...d.text('at', 'scheduledFor')}
            hint={`Your time zone: ${zone}.${fine ? ` It goes out ${formatDateTime(iso)}.` : ''}`}
          />
          <p className="text-sm text-slate-600">
            The audience is counted again when it starts: contacts who join before then get it too.
          </p>
        </>
      )}
    </FormDialog>
  );
}

/** "Send to 1,204 contacts now?", with the count taken as the dialog opens. */
export function SendNowDialog(props: DialogProps) {
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
      title="Send it now?"
      footer={
        <CancelAnd onCancel={onClose}>
          <Button
            onClick={() => send.mutate({})}
            loading={send.isPending}
            disabled={n === 0}
            icon={<Send className="size-4" aria-hidden />}
          >
            {n === undefined ? 'Send now' : `Send to ${formatNumber(n)} ${n === 1 ? 'contact' : 'contacts'}`}
          </Button>
        </CancelAnd>
      }
    >
      <div className="space-y-3 text-sm text-slate-600">
        <p>
          “{campaign.name}” goes out right away. Once it has started, it cannot be taken back: you can only stop what
          has not been sent yet.
        </p>
        <div className="rounded-md bg-slate-50 px-3 py-2">
          {preview.isError ? (
            <span className="text-red-700">{errorMessage(preview.error)}</span>
          ) : n === undefined ? (
            <Skeleton className="h-5 w-48" />
          ) : n === 0 ? (
            <span className="text-red-700">The audience has no one to send to right now.</span>
          ) : (
            <span>
              <strong className="text-slate-900" data-testid="send-count">
                {formatNumber(n)}
              </strong>{' '}
              {n === 1 ? 'contact gets' : 'contacts get'} this email.
            </span>
          )}
        </div>
        <FormError error={send.error} />
      </div>
    </Dialog>
  );
}
