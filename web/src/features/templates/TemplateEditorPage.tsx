/**
 * `templates/new` and `templates/:templateId`: the editor (TemplateForm) for a new template, or for
 * a saved one once it has loaded; a template that is not there says so.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { BackLink } from '../../components/Links.tsx';
import { Skeleton } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { templateQueries } from '../../queries/templates.ts';
import { TemplateForm } from './TemplateForm.tsx';

export function TemplateEditorPage() {
  const { t } = useTranslation();
  const { templateId } = useParams();
  const scope = useProject();
  const back = { to: scope.to('templates'), label: t('Templates') };
  if (!templateId) {
    return (
      <>
        <BackLink to={back.to}>{back.label}</BackLink>
        <TemplateForm key="new" />
      </>
    );
  }
  return <ExistingTemplate id={templateId} back={back} />;
}

function ExistingTemplate({ id, back }: { id: string; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  const template = useQuery(templateQueries.one(useProject(), id));
  return (
    <DetailScreen query={template} back={back} kind="template" skeleton={<EditorSkeleton />}>
      {/* The form keeps its own draft and starts over for another template. */}
      {(found) => <TemplateForm key={found.id} template={found} />}
    </DetailScreen>
  );
}

function EditorSkeleton() {
  return (
    <>
      <div className="mb-6 flex items-center justify-between">
        <Skeleton className="h-7 w-72" />
        <Skeleton className="h-9 w-64" />
      </div>
      <Skeleton className="mb-4 h-40 w-full" />
      <Skeleton className="mb-4 h-28 w-full" />
      <Skeleton className="h-[640px] w-full" />
    </>
  );
}
