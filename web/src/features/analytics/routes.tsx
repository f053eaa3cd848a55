import type { RouteObject } from 'react-router';
import { PageHeader } from '../../components/Layout.tsx';

/** The Analytics screens, relative to /p/:projectId. */
export const analyticsRoutes: RouteObject[] = [{ path: 'analytics', element: <PageHeader title="Analytics" /> }];
