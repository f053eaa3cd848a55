import type { RouteObject } from 'react-router';
import { PageHeader } from '../../components/Layout.tsx';

/** The Workflows screens, relative to /p/:projectId. */
export const workflowsRoutes: RouteObject[] = [{ path: 'workflows', element: <PageHeader title="Workflows" /> }];
