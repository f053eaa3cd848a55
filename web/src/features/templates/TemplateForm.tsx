/**
 * Creating and editing a template: its header (state, test, duplicate, delete, save) over the
 * fields. Saving sends only what changed; the API's field errors show under their fields (a sender
 * off the project's verified domains under "From address"). Ctrl+S saves; leaving with unsaved
 * changes asks first.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, fieldError } from '../../api/client.ts';
import { useMe } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Badge, PageHeader } from '../../components/Layout.tsx';
import { useLeaveGuard } from '../../components/LeaveGuard.tsx';
import { BackLink } from '../../components/Links.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { FormError } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { useSaveShortcut } from '../../lib/use-save-shortcut.ts';
import { type Template, templateEffects, templateQueries } from '../../queries/templates.ts';
import { DeleteTemplateDialog } from './DeleteTemplateDialog.tsx';
import { SendTestDialog } from './SendTestDialog.tsx';
import { TemplateFields } from './TemplateFields.tsx';
import { changesOf, createBody, type Draft, toDraft, typeInfo } from './template-model.ts';

const FIELDS: Array<keyof Draft> = ['name', 'description', 'type', 'subject', 'from', 'fromName', 'replyTo', 'body'];

export function TemplateForm({ template }: { template?: Template }) {
  const project = useProject();
  const { api, projectId, to } = project;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const [saved, setSaved] = useState<Template | undefined>(template);
  const base = useMemo(() => toDraft(saved), [saved]);
  const [draft, setDraft] = useState<Draft>(base);
  const [open, setOpen] = useState<'test' | 'delete' | null>(null);
  // The draft as last submitted: a field's error shows until that field is changed.
  const [submitted, setSubmitted] = useState<Draft | null>(null);

  const isNew = !saved;
  const changes = useMemo(() => changesOf(draft, base), [draft, base]);
  const dirty = isNew || Object.keys(changes).length > 0;
  const touched = isNew ? JSON.stringify(draft) !== JSON.stringify(toDraft()) : dirty;
  const guard = useLeaveGuard(touched, 'Your changes to this template are not saved yet. Leave and lose them?');
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const cache = (t: Template) => queryClient.setQueryData(templateQueries.one(project, t.id).queryKey, t);

  const save = useMutation({
    mutationFn: () =>
      saved
        ? api.patch('/templates/{id}', { path: { id: saved.id }, body: changes })
        : api.post('/templates', { body: createBody(draft) }),
    meta: { invalidates: templateEffects(projectId), errorShownInline: true },
    onSuccess: (result) => {
      cache(result);
      if (isNew) {
        guard.leave();
        toast('Template created');
        navigate(to('templates', result.id), { replace: true });
        return;
      }
      setSaved(result);
      setDraft(toDraft(result));
      toast('Template saved');
    },
  });

  const duplicate = useMutation({
    mutationFn: (id: string) => api.post('/templates/{id}/duplicate', { path: { id } }),
    meta: { invalidates: templateEffects(projectId) },
    onSuccess: (copy) => {
      cache(copy);
      toast(`Created "${copy.name}"`);
      navigate(to('templates', copy.id));
    },
  });

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (save.isPending || !dirty) return;
    setSubmitted(draft);
    save.mutate();
  };
  useSaveShortcut(submit);

  const error = save.error;
  const unverified = error instanceof ApiError && error.code === 'UNVERIFIED_DOMAIN';
  const fieldShown = unverified || FIELDS.some((f) => fieldError(error, f));
  const errorOf = (field: keyof Draft): string | undefined => {
    if (!submitted || draft[field] !== submitted[field]) return undefined;
    if (field === 'from' && unverified) return error.message;
    return fieldError(error, field);
  };
  const info = typeInfo(draft.type);

  return (
    <>
      <form onSubmit={submit} noValidate>
        <BackLink to={to('templates')}>Templates</BackLink>
        <PageHeader
          title={isNew ? 'New template' : draft.name || 'Untitled template'}
          description={
            <span className="inline-flex flex-wrap items-center gap-2">
              <Badge tone={info.tone}>{info.label}</Badge>
              {isNew ? (
                'Not saved yet'
              ) : dirty ? (
                <span className="font-medium text-amber-700">Unsaved changes</span>
              ) : (
                <span>
                  Saved <RelativeTime iso={saved.updatedAt} />
                </span>
              )}
            </span>
          }
          actions={
            <>
              {saved && (
                <>
                  <Button
                    variant="secondary"
                    icon={<Send className="size-4" aria-hidden />}
                    onClick={() => setOpen('test')}
                  >
                    Send test
                  </Button>
                  <Button
                    variant="secondary"
                    icon={<Copy className="size-4" aria-hidden />}
                    loading={duplicate.isPending}
                    onClick={() => duplicate.mutate(saved.id)}
                  >
                    Duplicate
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label="Delete template"
                    title="Delete template"
                    icon={<Trash2 className="size-4 text-red-600" aria-hidden />}
                    onClick={() => setOpen('delete')}
                  />
                </>
              )}
              <Button type="submit" loading={save.isPending} disabled={!dirty}>
                {isNew ? 'Create template' : 'Save'}
              </Button>
            </>
          }
        />
        <div className="space-y-4">
          {error && !fieldShown && <FormError error={error} />}
          <TemplateFields draft={draft} set={set} errorOf={errorOf} autoFocus={isNew} email={me.data?.email} />
        </div>
      </form>

      {saved && (
        <>
          <SendTestDialog
            open={open === 'test'}
            onClose={() => setOpen(null)}
            draft={draft}
            defaultEmail={me.data?.email ?? ''}
          />
          <DeleteTemplateDialog
            open={open === 'delete'}
            onClose={() => setOpen(null)}
            template={saved}
            onDeleted={() => {
              guard.leave();
              navigate(to('templates'), { replace: true });
            }}
          />
        </>
      )}
      {guard.dialog}
    </>
  );
}
