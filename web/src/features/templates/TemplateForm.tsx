/**
 * Creating and editing a template: its header (state, test, duplicate, delete, save) over the
 * fields, then its draft and versions. Saving publishes a new version, or keeps the subject and
 * content as a draft that sends do not use until it is published; either sends the version the
 * edit started from, so a newer save by someone else is a conflict (VersionConflict), never lost.
 * The API's field errors show under their fields; Ctrl+S saves; leaving with unsaved changes asks.
 */
import { useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Badge, PageHeader } from '../../components/Layout.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { FormError } from '../../components/States.tsx';
import { formatLabel } from '../../editor/formats.ts';
import { useDraft } from '../../forms/use-draft.ts';
import { useProject } from '../../lib/project-context.tsx';
import { parseSample } from '../../lib/sample-data.ts';
import { toast } from '../../lib/toasts.ts';
import { type NewTemplate, type Template, type TemplateSave, templateMutations } from '../../queries/templates.ts';
import { useAction } from '../../queries/use-action.ts';
import { DeleteTemplateDialog } from './DeleteTemplateDialog.tsx';
import { DraftBar, isConflict, VersionConflict } from './DraftBar.tsx';
import { SavedActions } from './SavedActions.tsx';
import { SendTestDialog } from './SendTestDialog.tsx';
import { TemplateFields } from './TemplateFields.tsx';
import { changesOf, createBody, type TemplateDraft, toDraft, typeInfo } from './template-model.ts';
import { VersionHistory } from './VersionHistory.tsx';

/** Every field the form shows: an API refusal naming one shows under it, though an edit sends only what changed. */
const FIELDS: Array<keyof TemplateDraft> = [
  'name',
  'description',
  'type',
  'subject',
  'from',
  'fromName',
  'replyTo',
  'body',
  'document',
];

const FIRST_SAMPLE = '{\n  "firstName": "Ada"\n}';

/** The editor of `template`, or of a new one; a new one opens as the saved template once created. */
export function TemplateForm({ template }: { template?: Template }) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const saved = useMemo(() => toDraft(template), [template]);
  const hasDraft = Boolean(template?.draft);
  // Which save the next submit makes: set by the button pressed; Ctrl+S continues a draft if there is one.
  const asDraft = useRef(hasDraft);
  asDraft.current = hasDraft;
  const create = useAction(templateMutations.create(scope), {
    inline: true,
    onSuccess: (created) => {
      toast(t('Template created'));
      navigate(scope.to('templates', created.id), { replace: true });
    },
  });
  const save = useAction(templateMutations.save(scope, template?.id ?? ''), {
    inline: true,
    onSuccess: (_saved, body) => toast(body.asDraft ? t('Draft saved') : t('Template saved')),
  });
  const d = useDraft<TemplateDraft, TemplateSave | NewTemplate>(saved, {
    save: template ? save : create,
    toBody: template
      ? (draft) => ({ change: changesOf(draft, saved, template.version), asDraft: asDraft.current })
      : createBody,
    codeFields: { UNVERIFIED_DOMAIN: 'from' },
    fields: FIELDS,
    leaveMessage: t('Your changes to this template are not saved yet. Leave and lose them?'),
  });
  const saveError = template ? save.error : create.error;
  const me = useMe();
  const [open, setOpen] = useState<'test' | 'delete' | null>(null);
  const [sampleText, setSampleText] = useState(FIRST_SAMPLE);
  const sample = useMemo(() => {
    const parsed = parseSample(sampleText);
    return 'value' in parsed ? parsed.value : {};
  }, [sampleText]);
  const info = typeInfo(d.value.type);
  const submitAs = (draft: boolean) => {
    asDraft.current = draft;
    d.submit();
  };

  return (
    <>
      <form onSubmit={d.submit} noValidate>
        <PageHeader
          title={template ? d.value.name || t('Untitled template') : t('New template')}
          description={
            <span className="inline-flex flex-wrap items-center gap-2">
              <Badge tone={info.tone}>{t(info.label)}</Badge>
              <Badge tone="gray">{formatLabel(d.value.format)}</Badge>
              {template && <span>{t('Version {n}', { n: template.version })}</span>}
              {!template ? (
                t('Not saved yet')
              ) : d.dirty ? (
                <span className="font-medium text-amber-700">{t('Unsaved changes')}</span>
              ) : (
                <span>
                  <Trans
                    i18nKey="Saved <time></time>"
                    components={{ time: <RelativeTime iso={template.draft?.updatedAt ?? template.updatedAt} /> }}
                  />
                </span>
              )}
            </span>
          }
          actions={
            <>
              {template && <SavedActions template={template} onOpen={setOpen} />}
              {template && (
                <Button
                  variant="secondary"
                  loading={save.isPending && save.variables?.asDraft === true}
                  disabled={!d.dirty}
                  onClick={() => submitAs(true)}
                >
                  {hasDraft ? t('Save draft') : t('Save as draft')}
                </Button>
              )}
              {/* A new template can always be tried: the API says what it still lacks. */}
              {(!template || !hasDraft) && (
                <Button
                  loading={template ? save.isPending && save.variables?.asDraft === false : d.saving}
                  disabled={template && !d.dirty}
                  onClick={() => (template ? submitAs(false) : d.submit())}
                >
                  {template ? t('Save') : t('Create template')}
                </Button>
              )}
            </>
          }
        />
        <div className="space-y-4">
          {template && <DraftBar template={template} d={d} onSaveDraftFirst={() => (asDraft.current = true)} />}
          {isConflict(saveError) ? (
            <VersionConflict error={saveError} templateId={template?.id ?? ''} onReload={d.reset} />
          ) : (
            <FormError error={d.formError} />
          )}
          <TemplateFields
            d={{ ...d, saveError }}
            isNew={!template}
            sample={{ text: sampleText, setText: setSampleText }}
          />
          {template && <VersionHistory template={template} dirty={d.dirty} onRestored={d.reset} />}
        </div>
      </form>
      {/* Outside the form: a dialog's own form must not submit the editor's. */}
      {template && open === 'test' && (
        <SendTestDialog
          onClose={() => setOpen(null)}
          draft={d.value}
          sample={sample}
          defaultEmail={me.data?.email ?? ''}
        />
      )}
      {template && open === 'delete' && <DeleteTemplateDialog onClose={() => setOpen(null)} template={template} />}
    </>
  );
}
