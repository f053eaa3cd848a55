/** The origins allowed to call /v1/subscribe from a browser: one row each, the API's message under its row. */
import { Plus, Trash2 } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/Field.tsx';

export function OriginsEditor({
  origins,
  onChange,
  error,
  disabled,
}: {
  origins: string[];
  onChange: (next: string[]) => void;
  /** The save's message by field: `allowedOrigins.<i>` lands on row i, `allowedOrigins` under the list. */
  error: (field: string) => string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const listError = error('allowedOrigins');
  const rowErrors = origins.map((_, i) => error(`allowedOrigins.${i}`));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">{t('Allowed origins')}</legend>
      <p className="text-xs text-slate-500">
        <Trans
          i18nKey="Websites whose pages may call <code>{endpoint}</code> with your public key from the browser, such as <code>{example}</code>. The hosted form and plain HTML forms need none."
          values={{ endpoint: '/v1/subscribe', example: 'https://www.example.com' }}
          components={{ code: <code /> }}
        />
      </p>
      {origins.length === 0 && <p className="text-sm text-slate-500">{t('No origins: browsers may not call it.')}</p>}
      {origins.map((origin, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and named by position.
        <div key={i} className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <TextInput
              label={t('Origin {index}', { index: i + 1 })}
              hideLabel
              type="url"
              placeholder="https://www.example.com"
              spellCheck={false}
              autoComplete="off"
              value={origin}
              onChange={(e) => onChange(origins.map((o, j) => (j === i ? e.target.value : o)))}
              error={rowErrors[i]}
            />
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="mt-1"
            aria-label={t('Remove origin {index}', { index: i + 1 })}
            icon={<Trash2 className="size-4" aria-hidden />}
            onClick={() => onChange(origins.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      {listError && !rowErrors.some(Boolean) && <p className="text-xs text-red-600">{listError}</p>}
      {!disabled && (
        <Button
          variant="ghost"
          size="sm"
          icon={<Plus className="size-4" aria-hidden />}
          onClick={() => onChange([...origins, ''])}
        >
          {t('Add origin')}
        </Button>
      )}
    </fieldset>
  );
}
