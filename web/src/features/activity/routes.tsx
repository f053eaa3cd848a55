import type { RouteObject } from 'react-router';
import { PageHeader } from '../../components/Layout.tsx';

/** The Activity screens, relative to /p/:projectId. */
export const activityRoutes: RouteObject[] = [{ path: 'activity', element: <PageHeader title="Activity" /> }];
