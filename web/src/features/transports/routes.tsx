import type { RouteObject } from 'react-router';
import { TransportsPage } from './TransportsPage.tsx';

/** The transports screen, relative to /p/:projectId. */
export const transportsRoutes: RouteObject[] = [{ path: 'transports', element: <TransportsPage /> }];
