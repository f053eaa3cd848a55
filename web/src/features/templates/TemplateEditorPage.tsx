/**
 * Creating and editing a template: details, sender, subject and the HTML body in CodeMirror with a
 * live preview beside it. Saving sends only what changed; the API's field errors show under their
 * fields (a sender off the project's verified domains under "From address"). Leaving with unsaved
 * changes asks first.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Send, Trash2 } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { ApiError, fieldError } from '../../api/client.ts';
import { useMe } from '../../api/session.ts';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Select, TextArea, TextInput } from '../../components/Field.tsx';
import { Badge, Card, PageHeader } from '../../components/Layout.tsx';
import { BackLink, TextLink } from '../../components/Links.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { EmptyState, ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { useToast } from '../../components/Toast.tsx';
import { DeleteTemplateDialog } from './DeleteTemplateDialog.tsx';
import { parseSample, templateVariables } from './preview.ts';
import { TEMPLATE_TYPES, type Template, type TemplateType, templateKey, templatesKey, typeInfo } from './queries.ts';
import { SendTestDialog } from './SendTestDialog.tsx';
import { TemplatePreview } from './TemplatePreview.tsx';
import type { Draft } from './template-draft.ts';

const HtmlEditor = lazy(() => import('./HtmlEditor.tsx'));

const EDITOR_HEIGHT = 520;

const STARTER_BODY = `<!doctype html>
<html>
  <body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,sans-serif;color:#0f172a">
    <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
      <h1 style="margin:0 0 16px;font-size:22px">Hi {{ firstName ?? "there" }},</h1>
      <p style="margin:0 0 16px;line-height:1.6">Write your message here.</p>
    </div>
  </body>
</html>
`;

function toDraft(t?: Template): Draft {
  return {
    name: t?.name ?? '',
    description: t?.description ?? '',
    type: t?.type ?? 'TRANSACTIONAL',
    subject: t?.subject ?? '',
    from: t?.from ?? '',
    fromName: t?.fromName ?? '',
    replyTo: t?.replyTo ?? '',
    body: t?.body ?? STARTER_BODY,
  };
}

const OPTIONAL = ['description', 'from', 'fromName', 'replyTo'] as const;

/** The PATCH body: only the fields that differ from the saved template, '' clearing an optional one. */
function changesOf(draft: Draft, saved: Draft) {
  const out: Partial<Record<keyof Draft, string | null>> = {};
  for (const key of Object.keys(draft) as Array<keyof Draft>) {
    if (draft[key] === saved[key]) continue;
    const value = draft[key].trim() === '' && (OPTIONAL as readonly string[]).includes(key) ? null : draft[key];
    out[key] = value;
  }
  return out as {
    name?: string;
    description?: string | null;
    type?: TemplateType;
    subject?: string;
    from?: string | null;
    fromName?: string | null;
    replyTo?: string | null;
    body?: string;
  };
}

/** `templates/new` and `templates/:templateId`. */
export function TemplateEditorPage() {
  const { templateId } = useParams();
  if (!templateId) return <TemplateForm key="new" />;
  return <ExistingTemplate id={templateId} />;
}

function ExistingTemplate({ id }: { id: string }) {
  const { api, projectId, to } = useProject();
  const template = useQuery({
    queryKey: templateKey(projectId, id),
    queryFn: () => api.get('/templates/{id}', { path: { id } }),
  });
  if (template.isPending) return <EditorSkeleton />;
  if (template.isError) {
    const missing = template.error instanceof ApiError && template.error.status === 404;
    return (
      <>
        <BackLink to={to('templates')}>Templates</BackLink>
        <PageHeader title="Template" />
        {missing ? (
          <EmptyState
            title="Template not found"
            description="It may have been deleted, or it belongs to another project."
            action={<TextLink to={to('templates')}>Back to templates</TextLink>}
          />
        ) : (
          <ErrorState error={template.error} retry={() => template.refetch()} />
        )}
      </>
    );
  }
  return <TemplateForm key={template.data.id} template={template.data} />;
}

function EditorSkeleton() {
  return (
    <div role="status" aria-label="Loading template">
      <Skeleton className="mb-3 h-4 w-24" />
      <div className="mb-6 flex items-center justify-between">
        <Skeleton className="h-7 w-72" />
        <Skeleton className="h-9 w-64" />
      </div>
      <Skeleton className="mb-4 h-40 w-full" />
      <Skeleton className="mb-4 h-28 w-full" />
      <Skeleton className="h-[640px] w-full" />
    </div>
  );
}

function TemplateForm({ template }: { template?: Template }) {
  const { api, projectId, to } = useProject();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const me = useMe();
  const [saved, setSaved] = useState<Template | undefined>(template);
  const base = useMemo(() => toDraft(saved), [saved]);
  const [draft, setDraft] = useState<Draft>(base);
  const [sampleText, setSampleText] = useState('{\n  "firstName": "Ada"\n}');
  const [testOpen, setTestOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const leaving = useRef(false);
  // The draft as last submitted: a field's error shows until that field is changed.
  const [submitted, setSubmitted] = useState<Draft | null>(null);
  const bodyErrorId = useId();

  const isNew = !saved;
  const changes = useMemo(() => changesOf(draft, base), [draft, base]);
  const dirty = isNew || Object.keys(changes).length > 0;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const save = useMutation({
    mutationFn: async () => {
      if (!saved) {
        return api.post('/templates', {
          body: {
            name: draft.name,
            subject: draft.subject,
            body: draft.body,
            type: draft.type,
            description: draft.description.trim() || undefined,
            from: draft.from.trim() || undefined,
            fromName: draft.fromName.trim() || undefined,
            replyTo: draft.replyTo.trim() || undefined,
          },
        });
      }
      return api.patch('/templates/{id}', { path: { id: saved.id }, body: changes });
    },
    onSuccess: (result) => {
      queryClient.setQueryData(templateKey(projectId, result.id), result);
      void queryClient.invalidateQueries({ queryKey: templatesKey(projectId) });
      if (isNew) {
        leaving.current = true;
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
    mutationFn: () => api.post('/templates/{id}/duplicate', { path: { id: saved!.id } }),
    onSuccess: (copy) => {
      queryClient.setQueryData(templateKey(projectId, copy.id), copy);
      void queryClient.invalidateQueries({ queryKey: templatesKey(projectId) });
      toast(`Created "${copy.name}"`);
      navigate(to('templates', copy.id));
    },
    onError: (e) => toast(e instanceof Error ? e.message : 'Could not duplicate the template.', 'error'),
  });

  const submit = useCallback(
    (e?: FormEvent) => {
      e?.preventDefault();
      if (save.isPending || !dirty) return;
      setSubmitted(draft);
      save.mutate();
    },
    [save, dirty, draft],
  );

  // Ctrl+S / Cmd+S saves, as in every editor.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        submit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [submit]);

  const unsaved = !isNew && dirty;
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      (unsaved || (isNew && JSON.stringify(draft) !== JSON.stringify(toDraft()))),
  );

  const error = save.error;
  const fields: Array<keyof Draft> = ['name', 'description', 'type', 'subject', 'from', 'fromName', 'replyTo', 'body'];
  const fieldShown =
    (error instanceof ApiError && error.code === 'UNVERIFIED_DOMAIN') || fields.some((f) => fieldError(error, f));
  const errorOf = (field: keyof Draft): string | undefined => {
    if (!submitted || draft[field] !== submitted[field]) return undefined;
    if (field === 'from' && error instanceof ApiError && error.code === 'UNVERIFIED_DOMAIN') return error.message;
    return fieldError(error, field);
  };
  const sample = useMemo(() => parseSample(sampleText), [sampleText]);
  const sampleValue = useMemo(() => ('value' in sample ? sample.value : {}), [sample]);
  const variables = useMemo(() => templateVariables(draft.subject, draft.body), [draft.subject, draft.body]);
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
                    onClick={() => setTestOpen(true)}
                  >
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
                    onClick={() => setDeleteOpen(true)}
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
          <Card title="Details">
            <div className="grid gap-4 md:grid-cols-2">
              <TextInput
                label="Name"
                required
                autoFocus={isNew}
                value={draft.name}
                onChange={(e) => set('name', e.target.value)}
                error={errorOf('name')}
                hint="Only you see it: it names the template in lists and pickers."
              />
              <Select
                label="Type"
                value={draft.type}
                onChange={(e) => set('type', e.target.value as TemplateType)}
                error={errorOf('type')}
                hint={info.hint}
              >
                {TEMPLATE_TYPES.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.label}
                  </option>
                ))}
              </Select>
              <div className="md:col-span-2">
                <TextInput
                  label="Description"
                  value={draft.description}
                  onChange={(e) => set('description', e.target.value)}
                  error={errorOf('description')}
                  placeholder="What it is for, when it is sent"
                />
              </div>
            </div>
          </Card>

          <Card title="Sender">
            <div className="grid gap-4 md:grid-cols-3">
              <TextInput
                label="From address"
                type="email"
                value={draft.from}
                onChange={(e) => set('from', e.target.value)}
                error={errorOf('from')}
                placeholder="hello@yourdomain.com"
                hint={
                  <>
                    Must be on a <TextLink to={to('domains')}>verified domain</TextLink>.
                  </>
                }
              />
              <TextInput
                label="From name"
                value={draft.fromName}
                onChange={(e) => set('fromName', e.target.value)}
                error={errorOf('fromName')}
                placeholder="Acme"
              />
              <TextInput
                label="Reply-to"
                type="email"
                value={draft.replyTo}
                onChange={(e) => set('replyTo', e.target.value)}
                error={errorOf('replyTo')}
                placeholder="support@yourdomain.com"
              />
            </div>
          </Card>

          <Card title="Content">
            <div className="space-y-4">
              <TextInput
                label="Subject"
                required
                value={draft.subject}
                onChange={(e) => set('subject', e.target.value)}
                error={errorOf('subject')}
                placeholder={'Welcome to Acme, {{ firstName ?? "friend" }}'}
                hint={
                  <>
                    Use <code className="rounded bg-slate-100 px-1 text-slate-700">{'{{ firstName }}'}</code> for a
                    contact field,{' '}
                    <code className="rounded bg-slate-100 px-1 text-slate-700">{'{{ firstName ?? "there" }}'}</code> for
                    a fallback.
                  </>
                }
              />
              <div className="grid gap-4 xl:grid-cols-2">
                <div className="min-w-0">
                  <div className="mb-1 text-sm font-medium text-slate-700">Body (HTML)</div>
                  <Suspense fallback={<Skeleton className="h-[570px] w-full" />}>
                    <HtmlEditor
                      value={draft.body}
                      onChange={(v) => set('body', v)}
                      label="HTML body"
                      invalid={Boolean(errorOf('body'))}
                      describedBy={errorOf('body') ? bodyErrorId : undefined}
                      height={`${EDITOR_HEIGHT + 50}px`}
                    />
                  </Suspense>
                  {errorOf('body') && (
                    <p id={bodyErrorId} className="mt-1 text-xs text-red-600">
                      {errorOf('body')}
                    </p>
                  )}
                </div>
                <TemplatePreview
                  subject={draft.subject}
                  body={draft.body}
                  from={draft.from}
                  fromName={draft.fromName}
                  type={draft.type}
                  email={me.data?.email ?? 'you@example.com'}
                  sample={sampleValue}
                  height={EDITOR_HEIGHT}
                />
              </div>
              <details className="group rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
                <summary className="cursor-pointer text-sm font-medium text-slate-700">
                  Sample data for the preview
                  {variables.length > 0 && (
                    <span className="ml-2 font-normal text-slate-500">
                      Variables used: {variables.map((v) => v).join(', ')}
                    </span>
                  )}
                </summary>
                <div className="mt-2">
                  <TextArea
                    label="Sample contact data (JSON)"
                    rows={4}
                    className="font-mono text-xs"
                    value={sampleText}
                    onChange={(e) => setSampleText(e.target.value)}
                    error={'error' in sample ? sample.error : undefined}
                    hint="Only the preview uses it. Real sends fill variables from each contact's data."
                  />
                </div>
              </details>
            </div>
          </Card>
        </div>
      </form>

      {saved && (
        <>
          <SendTestDialog
            open={testOpen}
            onClose={() => setTestOpen(false)}
            draft={draft}
            defaultEmail={me.data?.email ?? ''}
          />
          <DeleteTemplateDialog
            open={deleteOpen}
            onClose={() => setDeleteOpen(false)}
            template={saved}
            onDeleted={() => {
              leaving.current = true;
              navigate(to('templates'), { replace: true });
            }}
          />
        </>
      )}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
        title="Leave without saving?"
        confirmLabel="Discard changes"
      >
        Your changes to this template are not saved yet. Leave and lose them?
      </ConfirmDialog>
    </>
  );
}
