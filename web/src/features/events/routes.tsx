import type { RouteObject } from 'react-router';
import { PageHeader } from '../../components/Layout.tsx';

/** The Events screens, relative to /p/:projectId. */
export const eventsRoutes: RouteObject[] = [{ path: 'events', element: <PageHeader title="Events" /> }];
