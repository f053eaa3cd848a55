/**
 * Creating and editing a template: its header (state, test, duplicate, delete, save) over the
 * fields. Saving sends only what changed; the API's field errors show under their fields (a sender
 * off the project's verified domains under "From address"). Ctrl+S saves; leaving with unsaved
 * changes asks first (useDraft).
 */
import { Copy, Send, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMe } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Badge, PageHeader } from '../../components/Layout.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { FormError } from '../../components/States.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Template, templateMutations } from '../../queries/templates.ts';
import { useAction } from '../../queries/use-action.ts';
import { DeleteTemplateDialog } from './DeleteTemplateDialog.tsx';
import { SendTestDialog } from './SendTestDialog.tsx';
import { TemplateFields } from './TemplateFields.tsx';
import { changesOf, createBody, type TemplateDraft, toDraft, typeInfo } from './template-model.ts';

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
];

/** The editor of `template`, or of a new one; a new one opens as the saved template once created. */
export function TemplateForm({ template }: { template?: Template }) {
  const scope = useProject();
  const navigate = useNavigate();
  const saved = useMemo(() => toDraft(template), [template]);
  const create = useAction(templateMutations.create(scope), {
    inline: true,
    onSuccess: (created) => {
      toast('Template created');
      navigate(scope.to('templates', created.id), { replace: true });
    },
  });
  const update = useAction(templateMutations.update(scope, template?.id ?? ''), {
    inline: true,
    onSuccess: () => toast('Template saved'),
  });
  const d = useDraft(saved, {
    save: template ? update : create,
    toBody: template ? (draft) => changesOf(draft, saved) : createBody,
    codeFields: { UNVERIFIED_DOMAIN: 'from' },
    fields: FIELDS,
    leaveMessage: 'Your changes to this template are not saved yet. Leave and lose them?',
  });
  const me = useMe();
  const [open, setOpen] = useState<'test' | 'delete' | null>(null);
  const info = typeInfo(d.value.type);

  return (
    <>
      <form onSubmit={d.submit} noValidate>
        <PageHeader
          title={template ? d.value.name || 'Untitled template' : 'New template'}
          description={
            <span className="inline-flex flex-wrap items-center gap-2">
              <Badge tone={info.tone}>{info.label}</Badge>
              {!template ? (
                'Not saved yet'
              ) : d.dirty ? (
                <span className="font-medium text-amber-700">Unsaved changes</span>
              ) : (
                <span>
                  Saved <RelativeTime iso={template.updatedAt} />
                </span>
              )}
            </span>
          }
          actions={
            <>
              {template && <SavedActions template={template} onOpen={setOpen} />}
              {/* A new template can always be tried: the API says what it still lacks. */}
              <Button type="submit" loading={d.saving} disabled={template && !d.dirty}>
                {template ? 'Save' : 'Create template'}
              </Button>
            </>
          }
        />
        <div className="space-y-4">
          <FormError error={d.formError} />
          <TemplateFields d={d} autoFocus={!template} />
        </div>
      </form>
      {/* Outside the form: a dialog's own form must not submit the editor's. */}
      {template && open === 'test' && (
        <SendTestDialog onClose={() => setOpen(null)} draft={d.value} defaultEmail={me.data?.email ?? ''} />
      )}
      {template && open === 'delete' && <DeleteTemplateDialog onClose={() => setOpen(null)} template={template} />}
    </>
  );
}

/** What a saved template offers besides saving: a test of what is on screen, a copy, deleting it. */
function SavedActions({ template, onOpen }: { template: Template; onOpen: (dialog: 'test' | 'delete') => void }) {
  const scope = useProject();
  const navigate = useNavigate();
  const duplicate = useAction(templateMutations.duplicate(scope, template.id), {
    onSuccess: (copy) => {
      toast(`Created "${copy.name}"`);
      navigate(scope.to('templates', copy.id));
    },
  });
  return (
    <>
      <Button variant="secondary" icon={<Send className="size-4" aria-hidden />} onClick={() => onOpen('test')}>
        Send test
      </Button>
      <Button
        variant="secondary"
        icon={<Copy className="size-4" aria-hidden />}
        loading={duplicate.isPending}
        onClick={() => duplicate.mutate()}
      >
        Duplicate
      </Button>
      <Button
        variant="ghost"
        aria-label="Delete template"
        title="Delete template"
        icon={<Trash2 className="size-4 text-red-600" aria-hidden />}
        onClick={() => onOpen('delete')}
      />
    </>
  );
}
