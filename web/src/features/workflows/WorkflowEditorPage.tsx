/** The workflow editor's route: loads the workflow, says when it is not there, and opens its canvas. */
import { ReactFlowProvider } from '@xyflow/react';
import { Skeleton } from '../../components/States.tsx';
import { Editor } from './editor/Editor.tsx';
import { WorkflowScreen } from './parts.tsx';

export function WorkflowEditorPage() {
  return (
    <WorkflowScreen skeleton={<Skeleton className="h-[calc(100vh-16rem)] min-h-[32rem] w-full rounded-lg" />}>
      {(w) => (
        <ReactFlowProvider>
          <Editor key={w.id} workflow={w} />
        </ReactFlowProvider>
      )}
    </WorkflowScreen>
  );
}
