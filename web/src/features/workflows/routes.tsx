import type { RouteObject } from 'react-router';
import { ExecutionsPage } from './ExecutionsPage.tsx';
import { WorkflowsPage } from './WorkflowsPage.tsx';

/**
 * The Workflows screens, relative to /p/:projectId. The canvas and an execution's path carry React
 * Flow, so they load as their own chunk when first opened rather than with every screen.
 */
export const workflowsRoutes: RouteObject[] = [
  { path: 'workflows', element: <WorkflowsPage /> },
  {
    path: 'workflows/:workflowId',
    lazy: async () => ({ Component: (await import('./WorkflowEditorPage.tsx')).WorkflowEditorPage }),
  },
  { path: 'workflows/:workflowId/executions', element: <ExecutionsPage /> },
  {
    path: 'workflows/:workflowId/executions/:executionId',
    lazy: async () => ({ Component: (await import('./ExecutionPage.tsx')).ExecutionPage }),
  },
];
