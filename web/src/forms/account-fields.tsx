/** The inputs of the signed-out forms and the account page: an email and a password. */
import { useTranslation } from 'react-i18next';
import { fieldError } from '../api/client.ts';
import { TextInput } from '../components/Field.tsx';

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The mutation's error: the field shows the API's message for it. */
  error: unknown;
}

export function EmailField({ value, onChange, error }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('Email')}
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={fieldError(error, 'email')}
    />
  );
}

/** `fresh`: a password being chosen, so the browser may offer one and the rule is shown. */
export function PasswordField({
  value,
  onChange,
  error,
  label,
  name = 'password',
  fresh = false,
}: FieldProps & { label?: string; name?: string; fresh?: boolean }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label ?? t('Password')}
      type="password"
      autoComplete={fresh ? 'new-password' : 'current-password'}
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={fieldError(error, name)}
      hint={fresh ? t('At least 8 characters.') : undefined}
    />
  );
}
