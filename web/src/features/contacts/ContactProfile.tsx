/** A contact's profile card: email (changeable), subscription (a switch that answers at once) and the id. */
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { TextInput } from '../../components/Field.tsx';
import { Badge, Card } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
import { Switch } from '../../components/Switch.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Contact, contactMutations } from '../../queries/contacts.ts';
import { useAction } from '../../queries/use-action.ts';

export function ContactProfile({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const scope = useProject();
  const [editingEmail, setEditingEmail] = useState(false);
  const subscription = useAction(contactMutations.update(scope, contact.id), {
    onSuccess: (updated) =>
      toast(updated.subscribed ? t('Subscribed to marketing email.') : t('Unsubscribed from marketing email.')),
  });
  const changeEmail = useAction(contactMutations.update(scope, contact.id), {
    inline: true,
    onSuccess: () => {
      setEditingEmail(false);
      toast(t('Email address changed.'));
    },
  });
  const email = useDraft(
    { email: contact.email },
    {
      save: changeEmail,
      toBody: (d) => ({ email: d.email.trim() }),
      // An address saved as it was is no change: the form closes without asking the API.
      unchanged: (d) => d.email.trim() === contact.email,
      onUnchanged: () => setEditingEmail(false),
      leaveMessage: t('The new email address is not saved yet. Leave and lose it?'),
    },
  );
  const stopEditing = () => {
    email.reset();
    setEditingEmail(false);
  };

  return (
    <Card title={t('Profile')}>
      <dl className="space-y-4 text-sm">
        <div>
          <dt className="mb-1 font-medium text-slate-700">{t('Email')}</dt>
          <dd>
            {editingEmail ? (
              <form onSubmit={email.submit} noValidate className="space-y-2">
                <FormError error={email.formError} />
                <TextInput label={t('New email address')} hideLabel type="email" autoFocus {...email.text('email')} />
                <div className="flex gap-2">
                  <Button type="submit" size="sm" loading={email.saving}>
                    {t('Save email')}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={stopEditing}>
                    {t('Cancel')}
                  </Button>
                </div>
              </form>
            ) : (
              <div className="flex items-center justify-between gap-2">
                <span className="truncate text-slate-900">{contact.email}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<Pencil className="size-3.5" aria-hidden />}
                  onClick={() => setEditingEmail(true)}
                >
                  {t('Change')}
                </Button>
              </div>
            )}
          </dd>
        </div>
        <div>
          <dt className="mb-1 font-medium text-slate-700">{t('Marketing email')}</dt>
          <dd className="flex items-center justify-between gap-3">
            <span className="text-slate-600">
              {contact.subscribed ? (
                <Badge tone="green">{t('Subscribed')}</Badge>
              ) : (
                <Badge tone="gray">{t('Unsubscribed')}</Badge>
              )}
              <span className="ml-2 text-xs text-slate-500">
                {contact.subscribed ? t('Receives campaigns.') : t('Gets transactional email only.')}
              </span>
            </span>
            <Switch
              label={t('Subscribed')}
              checked={contact.subscribed}
              onChange={(subscribed) => subscription.mutate({ subscribed })}
            />
          </dd>
        </div>
        <div>
          <dt className="mb-1 font-medium text-slate-700">{t('Contact ID')}</dt>
          <dd className="flex items-center justify-between gap-2">
            <code className="truncate text-xs text-slate-600">{contact.id}</code>
            <span className="shrink-0">
              <CopyButton value={contact.id} label={t('Copy ID')} />
            </span>
          </dd>
        </div>
      </dl>
    </Card>
  );
}
