import type { RouteObject } from 'react-router';
import { PageHeader } from '../../components/Layout.tsx';

/** The Templates screens, relative to /p/:projectId. */
export const templatesRoutes: RouteObject[] = [{ path: 'templates', element: <PageHeader title="Templates" /> }];
