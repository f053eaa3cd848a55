/** WEBHOOK: method, URL, headers and body, each of which may use {{ variables }}. */
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Select, TextArea, TextInput } from '../../../components/Field.tsx';
import type { WebhookDraft } from '../step-drafts.ts';
import { configError, type FieldsProps } from './field-props.ts';

const METHODS = ['POST', 'PUT', 'PATCH', 'GET', 'DELETE'];

export function WebhookFields({ draft, onChange, error }: FieldsProps<WebhookDraft>) {
  const { t } = useTranslation();
  const setHeader = (i: number, patch: Partial<WebhookDraft['headers'][number]>) =>
    onChange({ ...draft, headers: draft.headers.map((h, j) => (j === i ? { ...h, ...patch } : h)) });
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-[6.5rem_1fr] gap-2">
        <Select
          label={t('Method')}
          value={draft.method}
          onChange={(e) => onChange({ ...draft, method: e.target.value })}
          error={configError(error, 'method')}
        >
          {METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </Select>
        <TextInput
          label={t('URL')}
          type="url"
          value={draft.url}
          placeholder="https://api.example.com/hooks/mailwright"
          onChange={(e) => onChange({ ...draft, url: e.target.value })}
          error={configError(error, 'url')}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">{t('Headers')}</legend>
        {draft.headers.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity besides their place.
          <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            {(['name', 'value'] as const).map((part) => (
              <TextInput
                key={part}
                label={
                  part === 'name'
                    ? t('Header {number} name', { number: i + 1 })
                    : t('Header {number} value', { number: i + 1 })
                }
                hideLabel
                placeholder={part === 'name' ? t('Name') : t('Value')}
                value={h[part]}
                onChange={(e) => setHeader(i, { [part]: e.target.value })}
              />
            ))}
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('Remove header {number}', { number: i + 1 })}
              icon={<Trash2 className="size-3.5" aria-hidden />}
              onClick={() => onChange({ ...draft, headers: draft.headers.filter((_, j) => j !== i) })}
            />
          </div>
        ))}
        {configError(error, 'headers') && <p className="text-xs text-red-600">{configError(error, 'headers')}</p>}
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus className="size-3.5" aria-hidden />}
          onClick={() => onChange({ ...draft, headers: [...draft.headers, { name: '', value: '' }] })}
        >
          {t('Add a header')}
        </Button>
      </fieldset>
      <TextArea
        label={t('Body (optional)')}
        rows={5}
        value={draft.body}
        // i18n-ignore: JSON with Liquid, as typed
        placeholder='{ "email": "{{ contact.email }}" }'
        onChange={(e) => onChange({ ...draft, body: e.target.value })}
        error={configError(error, 'body')}
        hint={t(
          'A JSON object is sent as JSON; {variables} work in the URL, headers and body. Empty: the contact, workflow, execution and event.',
          { variables: '{{ variables }}' },
        )}
        className="font-mono text-xs"
      />
    </div>
  );
}
