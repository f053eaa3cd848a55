import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useParams } from 'react-router';
import { projectClient } from '../api/client.ts';
import { rememberProject, useProjects } from '../api/session.ts';
import { EmptyState, ErrorState, Skeleton } from '../components/States.tsx';
import { ProjectContext, type ProjectContextValue } from '../lib/project-context.tsx';
import { MobileNav } from './MobileNav.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useHeadingFocus } from './use-heading-focus.ts';

/**
 * The frame of every project screen: the skip link, the navigation (a sidebar from 768 px, a top
 * bar with a menu below), and the project's context. The main column may shrink below its
 * content's width (min-w-0), so a wide table scrolls inside its own box, not the page.
 */
export function ProjectLayout() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  useHeadingFocus(useLocation().pathname);
  const projects = useProjects();
  const project = projects.data?.find((p) => p.id === projectId);

  const value = useMemo<ProjectContextValue | null>(() => {
    if (!project) return null;
    rememberProject(project.id);
    return {
      project,
      projectId: project.id,
      api: projectClient(project.id),
      to: (...segments) => `/p/${project.id}${segments.length ? `/${segments.map(encodeURIComponent).join('/')}` : ''}`,
    };
  }, [project]);

  return (
    <div className="min-h-screen md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg"
      >
        {t('Skip to content')}
      </a>
      <MobileNav projects={projects.data ?? []} current={project} />
      <Sidebar projects={projects.data ?? []} current={project} />
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-4 focus:outline-none sm:px-6 md:px-8 md:py-6">
        <div className="mx-auto max-w-6xl">
          {projects.isPending && <Skeleton className="h-8 w-64" />}
          {projects.isError && <ErrorState error={projects.error} retry={() => projects.refetch()} />}
          {projects.isSuccess && !value && (
            <EmptyState
              title={t('Project not found')}
              description={t('It does not exist, or you are not a member of it.')}
            />
          )}
          {value && (
            <ProjectContext.Provider value={value}>
              {value.project.disabled && (
                <div
                  role="alert"
                  className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
                >
                  {t('This project is suspended: sending is paused and API keys are refused. See Settings → Security.')}
                </div>
              )}
              <Outlet />
            </ProjectContext.Provider>
          )}
        </div>
      </main>
    </div>
  );
}
