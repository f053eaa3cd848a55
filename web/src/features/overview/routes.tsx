import type { RouteObject } from 'react-router';
import { OverviewPage } from './OverviewPage.tsx';

/** The Overview screens, relative to /p/:projectId. */
export const overviewRoutes: RouteObject[] = [{ index: true, element: <OverviewPage /> }];
