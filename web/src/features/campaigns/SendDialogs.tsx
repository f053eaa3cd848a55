/** The campaign's sending dialogs: a test send, choosing a send time, and the last check before sending now. */

import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessage, fieldError } from '../../api/client.ts';
import { useMe } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextInput } from '../../components/Field.tsx';
import { FormError, Skeleton } from '../../components/States.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import type { AudienceFilter } from '../../queries/campaigns.ts';
import {
  type AudienceType,
  defaultScheduleTime,
  type EmailType,
  fromLocalInput,
  scheduleProblem,
  toLocalInput,
} from './campaign-model.ts';
import { useAudiencePreview } from './queries.ts';

export function SendTestDialog({
  open,
  onClose,
  onSend,
  pending,
  error,
}: {
  open: boolean;
  onClose: () => void;
  onSend: (email: string) => void;
  pending: boolean;
  error: unknown;
}) {
  const me = useMe();
  const [email, setEmail] = useState('');
  useEffect(() => {
    if (open && !email && me.data?.email) setEmail(me.data.email);
  }, [open, email, me.data?.email]);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Send a test email"
      submitLabel="Send test"
      onSubmit={() => {
        if (email.trim()) onSend(email.trim());
      }}
      busy={pending}
      error={error && !fieldError(error, 'email') ? error : null}
    >
      <p className="text-sm text-slate-600">
        The saved version goes to this one address, with “[TEST]” before the subject. It does not count in the
        campaign’s results.
      </p>
      <TextInput
        label="Send the test to"
        type="email"
        required
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldError(error, 'email')}
      />
    </FormDialog>
  );
}

export function ScheduleDialog({
  open,
  onClose,
  onSchedule,
  pending,
  error,
  current,
}: {
  open: boolean;
  onClose: () => void;
  onSchedule: (iso: string) => void;
  pending: boolean;
  error: unknown;
  /** The time it is scheduled for now, when rescheduling. */
  current?: string | null;
}) {
  const [value, setValue] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (open) {
      setValue(toLocalInput(current ? new Date(current) : defaultScheduleTime(new Date())));
      setTried(false);
    }
  }, [open, current]);
  const problem = scheduleProblem(value, new Date());
  const iso = fromLocalInput(value);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={current ? 'Change the send time' : 'Schedule the campaign'}
      submitLabel={current ? 'Change time' : 'Schedule'}
      onSubmit={() => {
        setTried(true);
        if (!problem && iso) onSchedule(iso);
      }}
      busy={pending}
      error={error && !fieldError(error, 'scheduledFor') ? error : null}
    >
      {/* No `min`: the browser's own check would stop the form before it says what is wrong. */}
      <TextInput
        label="Send at"
        type="datetime-local"
        required
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={fieldError(error, 'scheduledFor') ?? (tried ? problem : undefined)}
        hint={`Your time zone: ${zone}.${iso && !problem ? ` It goes out ${formatDateTime(iso)}.` : ''}`}
      />
      <p className="text-sm text-slate-600">
        The audience is counted again when it starts: contacts who join before then get it too.
      </p>
    </FormDialog>
  );
}

/** "Send to 1,204 contacts now?", with the count taken as the dialog opens. */
export function SendNowDialog({
  open,
  onClose,
  onConfirm,
  pending,
  error,
  name,
  audience,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
  error: unknown;
  name: string;
  audience: {
    audienceType: AudienceType;
    segmentId: string | null;
    audienceFilter: unknown;
    emailType: EmailType;
    topicId: string | null;
  };
}) {
  const preview = useAudiencePreview(
    open
      ? {
          audienceType: audience.audienceType,
          segmentId: audience.segmentId,
          audienceFilter: audience.audienceFilter as AudienceFilter | null,
          emailType: audience.emailType,
          topicId: audience.topicId,
        }
      : undefined,
  );
  const n = preview.data?.recipients;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Send it now?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={onConfirm}
            loading={pending}
            disabled={n === 0}
            icon={<Send className="size-4" aria-hidden />}
          >
            {n === undefined ? 'Send now' : `Send to ${formatNumber(n)} ${n === 1 ? 'contact' : 'contacts'}`}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-600">
        <p>
          “{name}” goes out right away. Once it has started, it cannot be taken back: you can only stop what has not
          been sent yet.
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
        <FormError error={error} />
      </div>
    </Dialog>
  );
}
