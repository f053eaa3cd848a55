import type { RouteObject } from 'react-router';
import { ExecutionPage } from './ExecutionPage.tsx';
import { ExecutionsPage } from './ExecutionsPage.tsx';
import { WorkflowEditorPage } from './WorkflowEditorPage.tsx';
import { WorkflowsPage } from './WorkflowsPage.tsx';

/** The Workflows screens, relative to /p/:projectId. */
export const workflowsRoutes: RouteObject[] = [
  { path: 'workflows', element: <WorkflowsPage /> },
  { path: 'workflows/:workflowId', element: <WorkflowEditorPage /> },
  { path: 'workflows/:workflowId/executions', element: <ExecutionsPage /> },
  { path: 'workflows/:workflowId/executions/:executionId', element: <ExecutionPage /> },
];
