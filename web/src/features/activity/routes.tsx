import type { RouteObject } from 'react-router';
import { ActivityPage } from './ActivityPage.tsx';

/** The Activity screens, relative to /p/:projectId. */
export const activityRoutes: RouteObject[] = [{ path: 'activity', element: <ActivityPage /> }];
