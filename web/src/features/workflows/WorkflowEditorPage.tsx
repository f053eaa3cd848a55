/** The workflow editor's route: loads the workflow, says when it is not there, and opens its canvas. */
import { useQuery } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { workflowQueries } from '../../queries/workflows.ts';
import { Editor } from './editor/Editor.tsx';

export function WorkflowEditorPage() {
  const { workflowId = '' } = useParams();
  const project = useProject();
  const workflow = useQuery(workflowQueries.one(project, workflowId));
  if (workflow.isPending) return <EditorSkeleton />;
  if (workflow.isError) {
    if (workflow.error instanceof ApiError && workflow.error.status === 404) {
      return (
        <EmptyState
          title="Workflow not found"
          description="It was deleted, or it belongs to another project."
          action={
            <Link to={project.to('workflows')} className="text-sm font-medium text-brand-700 hover:underline">
              Back to workflows
            </Link>
          }
        />
      );
    }
    return <ErrorState error={workflow.error} retry={() => workflow.refetch()} />;
  }
  return (
    <ReactFlowProvider>
      <Editor key={workflow.data.id} workflow={workflow.data} />
    </ReactFlowProvider>
  );
}

/** The header, tabs and canvas in grey, at their final sizes. */
function EditorSkeleton() {
  return (
    <div role="status" aria-label="Loading workflow">
      <Skeleton className="mb-2 h-4 w-40" />
      <Skeleton className="mb-5 h-7 w-64" />
      <Skeleton className="mb-4 h-9 w-56" />
      <Skeleton className="h-[calc(100vh-16rem)] min-h-[32rem] w-full rounded-lg" />
    </div>
  );
}
