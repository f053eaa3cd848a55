import type { RouteObject } from 'react-router';
import { AnalyticsPage } from './AnalyticsPage.tsx';

/** The Analytics screens, relative to /p/:projectId. */
export const analyticsRoutes: RouteObject[] = [{ path: 'analytics', element: <AnalyticsPage /> }];
