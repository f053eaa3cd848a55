/**
 * `templates/new` and `templates/:templateId`: the editor (TemplateForm) for a new template, or for
 * a saved one once it has loaded; a template that is not there says so.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { PageHeader } from '../../components/Layout.tsx';
import { BackLink, TextLink } from '../../components/Links.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { templateQueries } from '../../queries/templates.ts';
import { TemplateForm } from './TemplateForm.tsx';

export function TemplateEditorPage() {
  const { templateId } = useParams();
  if (!templateId) return <TemplateForm key="new" />;
  return <ExistingTemplate id={templateId} />;
}

function ExistingTemplate({ id }: { id: string }) {
  const project = useProject();
  const template = useQuery(templateQueries.one(project, id));
  // The form keeps its own draft and starts over for another template. A failed refetch (the
  // template just deleted here) leaves the form as it was while the screen moves on.
  if (template.data) return <TemplateForm key={template.data.id} template={template.data} />;
  if (!template.isError) return <EditorSkeleton />;
  const missing = template.error instanceof ApiError && template.error.status === 404;
  return (
    <>
      <BackLink to={project.to('templates')}>Templates</BackLink>
      <PageHeader title="Template" />
      {missing ? (
        <EmptyState
          title="Template not found"
          description="It may have been deleted, or it belongs to another project."
          action={<TextLink to={project.to('templates')}>Back to templates</TextLink>}
        />
      ) : (
        <ErrorState error={template.error} retry={() => template.refetch()} />
      )}
    </>
  );
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
