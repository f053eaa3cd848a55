/**
 * The transport form's state and the request it makes. Credentials are typed once and never shown:
 * on an edit the password (or SES secret) starts empty, and the connection goes to the API only when
 * something of it changed or a new secret was typed, so a rename never touches the stored one.
 */

import { optionalInteger } from '../../forms/numbers.ts';
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';
import type { Transport, TransportKind, TransportStream, UpdateTransportBody } from '../../queries/transports.ts';
import { DEFAULT_PORT, parseSmtpUrl, type SmtpConnection, sameConnection, smtpUrl } from './smtp-url.ts';

export interface SesDraft {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  endpoint: string;
}

export interface TransportDraft {
  name: string;
  kind: TransportKind;
  smtp: SmtpConnection;
  password: string;
  ses: SesDraft;
  streams: TransportStream[];
  ratePerSecond: string;
  priority: string;
  enabled: boolean;
}

/** The streams, in the order they are offered; `label` and `help` are English messages, translated where shown. */
export const STREAMS: ReadonlyArray<{ value: TransportStream; label: string; help: string }> = [
  {
    value: 'TRANSACTIONAL',
    label: msg('Transactional'),
    help: msg('Mail sent with /v1/send and over SMTP submission.'),
  },
  { value: 'MARKETING', label: msg('Marketing'), help: msg('Campaigns, workflow emails and marketing templates.') },
];

export const BLANK_DRAFT: TransportDraft = {
  name: '',
  kind: 'SMTP',
  smtp: { host: '', port: String(DEFAULT_PORT.STARTTLS), security: 'STARTTLS', user: '' },
  password: '',
  ses: { region: '', accessKeyId: '', secretAccessKey: '', endpoint: '' },
  streams: ['TRANSACTIONAL', 'MARKETING'],
  ratePerSecond: '',
  priority: '100',
  enabled: true,
};

/** The form as the transport is now; secrets empty. */
export function draftOf(t: Transport): TransportDraft {
  return {
    name: t.name,
    kind: t.kind,
    smtp: parseSmtpUrl(t.url) ?? BLANK_DRAFT.smtp,
    password: '',
    ses: {
      region: t.ses?.region ?? '',
      accessKeyId: t.ses?.accessKeyId ?? '',
      secretAccessKey: '',
      endpoint: t.ses?.endpoint ?? '',
    },
    streams: t.streams,
    ratePerSecond: t.ratePerSecond === null ? '' : String(t.ratePerSecond),
    priority: String(t.priority),
    enabled: t.enabled,
  };
}

/** A number field the form itself refuses (not a whole number); the API judges the range. */
// A type, not an interface: it is read as a record of messages by field (useDraft's `check`).
export type LocalErrors = {
  ratePerSecond?: string;
  priority?: string;
  password?: string;
};

export type Built = { body: UpdateTransportBody; errors?: undefined } | { body?: undefined; errors: LocalErrors };

/**
 * The POST body for a new transport, or the PATCH body against `saved`: the SMTP URL only when the
 * connection changed or a password was typed (a changed connection needs the password again, since
 * the API replaces the URL's credentials whole), the SES block only when one of its fields did
 * (without a typed secret the API keeps the stored one).
 */
export function buildBody(draft: TransportDraft, saved?: Transport): Built {
  const rate = optionalInteger(draft.ratePerSecond);
  const priority = optionalInteger(draft.priority);
  const errors: LocalErrors = {};
  if (typeof rate === 'string')
    errors.ratePerSecond = i18n.t('Enter a whole number of emails per second, or leave it empty.');
  if (typeof priority === 'string') errors.priority = i18n.t('Enter a whole number: lower numbers are tried first.');
  // A PATCH's `url` replaces the credentials whole: a changed server or user without the password
  // typed again would drop the stored one.
  const smtpBefore = saved?.kind === 'SMTP' ? parseSmtpUrl(saved.url) : undefined;
  const smtpChanged = !smtpBefore || !sameConnection(smtpBefore, draft.smtp) || draft.password !== '';
  if (saved && draft.kind === 'SMTP' && smtpChanged && !draft.password && saved.hasSecret && draft.smtp.user.trim()) {
    errors.password = i18n.t(
      'Type the password again: changing the server or the user replaces the stored credentials.',
    );
  }
  if (errors.ratePerSecond || errors.priority || errors.password) return { errors };

  const body: UpdateTransportBody = {
    name: draft.name.trim(),
    streams: draft.streams,
    ratePerSecond: rate as number | null,
    enabled: draft.enabled,
  };
  // Empty on a create: the API's default (100). Empty on an edit: left as it is.
  if (priority !== null) body.priority = priority as number;
  if (!saved) body.kind = draft.kind;

  if (draft.kind === 'SMTP') {
    if (smtpChanged) body.url = smtpUrl(draft.smtp, draft.password);
  } else {
    const s = draft.ses;
    const endpoint = s.endpoint.trim();
    const changed =
      !saved ||
      s.secretAccessKey !== '' ||
      s.region.trim() !== (saved.ses?.region ?? '') ||
      s.accessKeyId.trim() !== (saved.ses?.accessKeyId ?? '') ||
      endpoint !== (saved.ses?.endpoint ?? '');
    if (changed) {
      body.ses = {
        region: s.region.trim(),
        accessKeyId: s.accessKeyId.trim(),
        ...(s.secretAccessKey ? { secretAccessKey: s.secretAccessKey } : {}),
        // On an edit an emptied endpoint is cleared; on a create it is left out.
        ...(endpoint ? { endpoint } : saved?.ses?.endpoint ? { endpoint: null } : {}),
      };
    }
  }
  return { body };
}
