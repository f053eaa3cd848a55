/**
 * The connection part of the transport form: an SMTP relay's host, port, security, user and
 * password, or an SES account's region, keys and endpoint. On an edit the secret starts empty and
 * says that leaving it so keeps the stored one.
 */
import { useTranslation } from 'react-i18next';
import { Select, TextInput } from '../../components/Field.tsx';
import { msg } from '../../i18n/msg.ts';
import { DEFAULT_PORT, type SmtpConnection, type SmtpSecurity } from './smtp-url.ts';
import type { SesDraft } from './transport-draft.ts';

/** What a secret's input says: typed once, and on an edit, that leaving it empty keeps the stored one. */
const secretHint = (editing: boolean) =>
  editing
    ? msg('Leave empty to keep the stored one. It is never shown again.')
    : msg('Stored encrypted and never shown again.');

/** Bindings of a text input to a text property of a part of the form (the SMTP connection, the SES account). */
function textOf<P>(part: P, onChange: (next: P) => void) {
  return (key: keyof P & string, error?: string) => ({
    value: part[key] as string,
    onChange: (e: { target: { value: string } }) => onChange({ ...part, [key]: e.target.value }),
    error,
  });
}

export function SmtpFields({
  value,
  password,
  onChange,
  editing,
  error,
}: {
  value: SmtpConnection;
  /** The password input's binding (the form's own message: a changed connection needs it again). */
  password: { value: string; onChange: (e: { target: { value: string } }) => void; error?: string };
  onChange: (next: SmtpConnection) => void;
  editing: boolean;
  /** The API's messages, by field: `url` is the whole connection. */
  error: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<SmtpConnection>) => onChange({ ...value, ...patch });
  const text = textOf(value, onChange);
  const setSecurity = (security: SmtpSecurity) =>
    // The usual port follows the security, unless another one was typed.
    set({
      security,
      port: value.port === String(DEFAULT_PORT[value.security]) ? String(DEFAULT_PORT[security]) : value.port,
    });

  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t('SMTP server')}</legend>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_7rem]">
        <TextInput
          label={t('Host')}
          // i18n-ignore: an example host name
          placeholder="smtp.example.com"
          autoComplete="off"
          spellCheck={false}
          {...text('host', error('url'))}
        />
        <TextInput label={t('Port')} inputMode="numeric" autoComplete="off" {...text('port')} />
      </div>
      <Select
        label={t('Security')}
        value={value.security}
        onChange={(e) => setSecurity(e.target.value as SmtpSecurity)}
        hint={
          value.security === 'TLS'
            ? t('The connection is encrypted from its first byte (smtps://, usually port 465).')
            : t('The connection starts plain and is upgraded with STARTTLS (smtp://, usually port 587).')
        }
      >
        {/* i18n-ignore: the protocol's name */}
        <option value="STARTTLS">STARTTLS</option>
        <option value="TLS">{t('TLS from the start')}</option>
      </Select>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label={t('User name')} autoComplete="off" spellCheck={false} {...text('user')} />
        <TextInput
          label={t('Password')}
          type="password"
          autoComplete="new-password"
          {...password}
          hint={t(secretHint(editing))}
        />
      </div>
    </fieldset>
  );
}

export function SesFields({
  value,
  onChange,
  editing,
  error,
}: {
  value: SesDraft;
  onChange: (next: SesDraft) => void;
  editing: boolean;
  error: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const text = textOf(value, onChange);
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t('Amazon SES account')}</legend>
      <TextInput
        label={t('Region')}
        // i18n-ignore: an example AWS region
        placeholder="eu-west-1"
        autoComplete="off"
        spellCheck={false}
        {...text('region', error('ses.region') ?? error('ses'))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label={t('Access key ID')}
          autoComplete="off"
          spellCheck={false}
          {...text('accessKeyId', error('ses.accessKeyId'))}
        />
        <TextInput
          label={t('Secret access key')}
          type="password"
          autoComplete="new-password"
          {...text('secretAccessKey', error('ses.secretAccessKey'))}
          hint={t(secretHint(editing))}
        />
      </div>
      <TextInput
        label={t('Endpoint (optional)')}
        type="url"
        placeholder="https://email.eu-west-1.amazonaws.com"
        autoComplete="off"
        spellCheck={false}
        {...text('endpoint', error('ses.endpoint'))}
        hint={t("Only for an SES-compatible service or a VPC endpoint; empty uses the region's.")}
      />
    </fieldset>
  );
}

/** A group's message (a fieldset's), announced with it. */
export function GroupError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-600">
      {message}
    </p>
  );
}
