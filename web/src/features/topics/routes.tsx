import type { RouteObject } from 'react-router';
import { TopicsPage } from './TopicsPage.tsx';

/** The topics screen, relative to /p/:projectId. */
export const topicsRoutes: RouteObject[] = [{ path: 'topics', element: <TopicsPage /> }];
