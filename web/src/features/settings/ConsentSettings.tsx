/**
 * Settings → Sign-up & consent (beyond.md §2): double opt-in and its confirmation email (sender,
 * template), the hosted sign-up form, the origins allowed to subscribe from a browser, and where
 * the form lives (its address and an HTML snippet). One save sends the whole section; the API's
 * refusals show on their fields (a sender off the verified domains under "Sender").
 */
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { can, type Project } from '../../api/session.ts';
import { Select, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import { Switch } from '../../components/Switch.tsx';
import { DraftForm } from '../../forms/DraftForm.tsx';
import { type Draft, useDraft } from '../../forms/use-draft.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { projectMutations } from '../../queries/projects.ts';
import { templateQueries } from '../../queries/templates.ts';
import { useAction } from '../../queries/use-action.ts';
import { type ConsentDraft, consentBody, consentDraftOf } from './consent-draft.ts';
import { OriginsEditor } from './OriginsEditor.tsx';
import { SignupEmbed } from './SignupEmbed.tsx';
import { SignupFormFields } from './SignupFormFields.tsx';

export function ConsentSettings() {
  const { project } = useProject();
  return <ConsentForm key={project.id} project={project} />;
}

function ConsentForm({ project }: { project: Project }) {
  const { t } = useTranslation();
  const scope = useProject();
  const editable = can(project, 'settings.change');
  const saved = consentDraftOf(project);
  const save = useAction(projectMutations.update(scope), {
    inline: true,
    onSuccess: () => toast(t('Sign-up settings saved.')),
  });
  const d = useDraft(saved, {
    save,
    toBody: consentBody,
    // A sender off the verified domains is refused by its code; it belongs under "Sender".
    codeFields: { UNVERIFIED_DOMAIN: 'signupFrom' },
    leaveMessage: t('Your sign-up settings are not saved yet. Leave and lose them?'),
  });

  return (
    <div className="space-y-6">
      <PermissionNotice permission="settings.change" className="">
        {t('Your role does not let you change these settings.')}
      </PermissionNotice>
      <DraftForm draft={d} editable={editable} submitLabel={t('Save sign-up settings')} className="space-y-6">
        <DoubleOptIn d={d} />
        <Card title={t('Sign-up form')}>
          <SignupFormFields
            form={d.value.signupForm}
            onChange={(signupForm) => d.set({ signupForm })}
            error={d.error}
            editable={editable}
          />
        </Card>
        <Card title={t('Sign-ups from your own scripts')}>
          <div className="max-w-2xl">
            <OriginsEditor
              origins={d.value.allowedOrigins}
              onChange={(allowedOrigins) => d.set({ allowedOrigins })}
              error={d.error}
              disabled={!editable}
            />
          </div>
        </Card>
      </DraftForm>
      <SignupEmbed form={saved.signupForm} unsaved={d.dirty} />
    </div>
  );
}

/** Whether sign-ups confirm their address first, and the confirmation email's sender and template. */
function DoubleOptIn({ d }: { d: Draft<ConsentDraft> }) {
  const { t } = useTranslation();
  const scope = useProject();
  const templates = useQuery(templateQueries.picker(scope));
  const templateList = templates.data?.templates ?? [];
  const templateId = d.value.confirmationTemplateId;
  const knownTemplate = !templateId || templateList.some((t) => t.id === templateId);
  return (
    <Card title={t('Double opt-in')}>
      <div className="max-w-2xl space-y-5">
        <div className="space-y-1">
          <Switch
            label={t('Ask new sign-ups to confirm their address')}
            showLabel
            checked={d.value.doubleOptIn}
            onChange={(doubleOptIn) => d.set({ doubleOptIn })}
          />
          <p className="text-xs text-slate-500">
            {t(
              'On: someone who signs up gets an email with a link and is subscribed only once they confirm. Off: they are subscribed at once.',
            )}
          </p>
          {d.error('doubleOptIn') && <p className="text-xs text-red-600">{d.error('doubleOptIn')}</p>}
        </div>
        <TextInput
          label={t('Sender of confirmation emails')}
          type="email"
          placeholder="hello@yourdomain.com" // i18n-ignore: an address, not words
          {...d.text('signupFrom')}
          hint={
            <Trans
              i18nKey="Must be on a <a>verified domain</a>."
              components={{ a: <TextLink to={scope.to('domains')} /> }}
            />
          }
        />
        <Select
          label={t('Confirmation email template')}
          {...d.text('confirmationTemplateId')}
          error={
            d.error('confirmationTemplateId') ??
            (templates.isError ? t('The templates could not be loaded.') : undefined)
          }
          hint={t(
            "A template of your own must link to {confirmUrl}. The built-in text speaks the contact's language.",
            { confirmUrl: '{{confirmUrl}}' },
          )}
        >
          <option value="">{t('Built-in text')}</option>
          {!knownTemplate && <option value={templateId}>{t('A template no longer listed')}</option>}
          {templateList.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
      </div>
    </Card>
  );
}
