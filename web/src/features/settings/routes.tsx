import type { RouteObject } from 'react-router';
import { PageHeader } from '../../components/Layout.tsx';

/** The Settings screens, relative to /p/:projectId. */
export const settingsRoutes: RouteObject[] = [{ path: 'settings', element: <PageHeader title="Settings" /> }];
