/**
 * Settings → Sign-up & consent (beyond.md §2): double opt-in and its confirmation email (sender,
 * template), the hosted sign-up form, the origins allowed to subscribe from a browser, and where
 * the form lives (its address and an HTML snippet). One save sends the whole section; the API's
 * refusals show on their fields (a sender off the verified domains under "Sender").
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, fieldError } from '../../api/client.ts';
import { can, type Project, sessionKeys } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Select, TextInput } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { FormError } from '../../components/States.tsx';
import { Switch } from '../../components/Switch.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { templateQueries } from '../../queries/templates.ts';
import { type ConsentDraft, consentBody, consentDraftOf } from './consent-draft.ts';
import { OriginsEditor } from './OriginsEditor.tsx';
import { SignupEmbed } from './SignupEmbed.tsx';
import { SignupFormFields } from './SignupFormFields.tsx';

const FIELDS = ['doubleOptIn', 'signupFrom', 'confirmationTemplateId', 'allowedOrigins', 'signupForm'];

/** The API's message for a setting; a sender off the verified domains is named by its code. */
function settingError(error: unknown, field: string): string | undefined {
  if (field === 'signupFrom' && error instanceof ApiError && error.code === 'UNVERIFIED_DOMAIN') return error.message;
  return fieldError(error, field);
}

export function ConsentSettings() {
  const { project } = useProject();
  return <ConsentForm key={project.id} project={project} />;
}

function ConsentForm({ project }: { project: Project }) {
  const scope = useProject();
  const editable = can(project, 'settings.change');
  const saved = consentDraftOf(project);
  const savedKey = JSON.stringify(saved);
  const [draft, setDraft] = useState<ConsentDraft>(saved);
  // When the saved project changes (another tab, a save), start again from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: savedKey stands for `saved`.
  useEffect(() => setDraft(saved), [savedKey]);
  const dirty = JSON.stringify(draft) !== savedKey;
  const templates = useQuery(templateQueries.picker(scope));

  const save = useMutation({
    mutationFn: () =>
      scope.api.patch('/users/@me/projects/{id}', { path: { id: scope.projectId }, body: consentBody(draft) }),
    // The settings come with the project in the account's list.
    meta: { invalidates: [sessionKeys.projects], errorShownInline: true },
    onSuccess: () => toast('Sign-up settings saved.'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const set = (patch: Partial<ConsentDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const err = (field: string) => settingError(save.error, field);
  const formLevel = save.error && !FIELDS.some((f) => err(f)) ? save.error : null;
  const templateList = templates.data?.templates ?? [];
  const knownTemplate =
    !draft.confirmationTemplateId || templateList.some((t) => t.id === draft.confirmationTemplateId);

  return (
    <div className="space-y-6">
      <form onSubmit={submit} className="space-y-6" noValidate>
        {!editable && <p className="text-sm text-slate-600">Changing these settings needs the Owner or Admin role.</p>}
        <FormError error={formLevel} />
        <fieldset disabled={!editable} className="space-y-6">
          <Card title="Double opt-in">
            <div className="max-w-2xl space-y-5">
              <div className="space-y-1">
                <Switch
                  label="Ask new sign-ups to confirm their address"
                  showLabel
                  checked={draft.doubleOptIn}
                  onChange={(doubleOptIn) => set({ doubleOptIn })}
                />
                <p className="text-xs text-slate-500">
                  On: someone who signs up gets an email with a link and is subscribed only once they confirm. Off: they
                  are subscribed at once.
                </p>
                {err('doubleOptIn') && <p className="text-xs text-red-600">{err('doubleOptIn')}</p>}
              </div>
              <TextInput
                label="Sender of confirmation emails"
                type="email"
                placeholder="hello@yourdomain.com"
                value={draft.signupFrom}
                onChange={(e) => set({ signupFrom: e.target.value })}
                error={err('signupFrom')}
                hint={
                  <>
                    Must be on a <TextLink to={scope.to('domains')}>verified domain</TextLink>.
                  </>
                }
              />
              <Select
                label="Confirmation email template"
                value={draft.confirmationTemplateId}
                onChange={(e) => set({ confirmationTemplateId: e.target.value })}
                error={
                  err('confirmationTemplateId') ??
                  (templates.isError ? 'The templates could not be loaded.' : undefined)
                }
                hint="A template of your own must link to {{confirmUrl}}. The built-in text speaks the contact's language."
              >
                <option value="">Built-in text</option>
                {!knownTemplate && <option value={draft.confirmationTemplateId}>A template no longer listed</option>}
                {templateList.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </Select>
            </div>
          </Card>
          <Card title="Sign-up form">
            <SignupFormFields
              form={draft.signupForm}
              onChange={(signupForm) => set({ signupForm })}
              error={save.error}
              editable={editable}
            />
          </Card>
          <Card title="Sign-ups from your own scripts">
            <div className="max-w-2xl">
              <OriginsEditor
                origins={draft.allowedOrigins}
                onChange={(allowedOrigins) => set({ allowedOrigins })}
                error={save.error}
                disabled={!editable}
              />
            </div>
          </Card>
        </fieldset>
        {editable && (
          <div className="flex gap-2">
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              Save sign-up settings
            </Button>
            {dirty && (
              <Button
                variant="ghost"
                onClick={() => {
                  setDraft(saved);
                  save.reset();
                }}
              >
                Discard
              </Button>
            )}
          </div>
        )}
      </form>
      <SignupEmbed form={saved.signupForm} unsaved={dirty} />
    </div>
  );
}
