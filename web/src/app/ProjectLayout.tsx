import { useMemo } from 'react';
import { Outlet, useParams } from 'react-router';
import { projectClient } from '../api/client.ts';
import { rememberProject, useProjects } from '../api/session.ts';
import { EmptyState, ErrorState, Skeleton } from '../components/States.tsx';
import { ProjectContext, type ProjectContextValue } from './project-context.tsx';
import { Sidebar } from './Sidebar.tsx';

/** The frame of every project screen: sidebar navigation and the project's context. */
export function ProjectLayout() {
  const { projectId = '' } = useParams();
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
    <div className="flex min-h-screen">
      <Sidebar projects={projects.data ?? []} current={project} />
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-8 py-6 focus:outline-none">
        <div className="mx-auto max-w-6xl">
          {projects.isPending && <Skeleton className="h-8 w-64" />}
          {projects.isError && <ErrorState error={projects.error} retry={() => projects.refetch()} />}
          {projects.isSuccess && !value && (
            <EmptyState title="Project not found" description="It does not exist, or you are not a member of it." />
          )}
          {value && (
            <ProjectContext.Provider value={value}>
              {value.project.disabled && (
                <div
                  role="alert"
                  className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
                >
                  This project is suspended: sending is paused and API keys are refused. See Settings → Security.
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
