/**
 * The connection part of the transport form: an SMTP relay's host, port, security, user and
 * password, or an SES account's region, keys and endpoint. On an edit the secret starts empty and
 * says that leaving it so keeps the stored one.
 */
import { Select, TextInput } from '../../components/Field.tsx';
import { DEFAULT_PORT, type SmtpConnection, type SmtpSecurity } from './smtp-url.ts';
import type { SesDraft } from './transport-draft.ts';

/** What a secret's input says: typed once, and on an edit, that leaving it empty keeps the stored one. */
const secretHint = (editing: boolean) =>
  editing ? 'Leave empty to keep the stored one. It is never shown again.' : 'Stored encrypted and never shown again.';

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
      <legend className="mb-1 text-sm font-medium text-slate-700">SMTP server</legend>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_7rem]">
        <TextInput
          label="Host"
          placeholder="smtp.example.com"
          autoComplete="off"
          spellCheck={false}
          {...text('host', error('url'))}
        />
        <TextInput label="Port" inputMode="numeric" autoComplete="off" {...text('port')} />
      </div>
      <Select
        label="Security"
        value={value.security}
        onChange={(e) => setSecurity(e.target.value as SmtpSecurity)}
        hint={
          value.security === 'TLS'
            ? 'The connection is encrypted from its first byte (smtps://, usually port 465).'
            : 'The connection starts plain and is upgraded with STARTTLS (smtp://, usually port 587).'
        }
      >
        <option value="STARTTLS">STARTTLS</option>
        <option value="TLS">TLS from the start</option>
      </Select>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="User name" autoComplete="off" spellCheck={false} {...text('user')} />
        <TextInput
          label="Password"
          type="password"
          autoComplete="new-password"
          {...password}
          hint={secretHint(editing)}
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
  const text = textOf(value, onChange);
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 text-sm font-medium text-slate-700">Amazon SES account</legend>
      <TextInput
        label="Region"
        placeholder="eu-west-1"
        autoComplete="off"
        spellCheck={false}
        {...text('region', error('ses.region') ?? error('ses'))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Access key ID"
          autoComplete="off"
          spellCheck={false}
          {...text('accessKeyId', error('ses.accessKeyId'))}
        />
        <TextInput
          label="Secret access key"
          type="password"
          autoComplete="new-password"
          {...text('secretAccessKey', error('ses.secretAccessKey'))}
          hint={secretHint(editing)}
        />
      </div>
      <TextInput
        label="Endpoint (optional)"
        type="url"
        placeholder="https://email.eu-west-1.amazonaws.com"
        autoComplete="off"
        spellCheck={false}
        {...text('endpoint', error('ses.endpoint'))}
        hint="Only for an SES-compatible service or a VPC endpoint; empty uses the region's."
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
