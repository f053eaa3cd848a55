import type { RouteObject } from 'react-router';
import { PageHeader } from '../../components/Layout.tsx';

/** The Overview screens, relative to /p/:projectId. */
export const overviewRoutes: RouteObject[] = [{ index: true, element: <PageHeader title="Overview" /> }];
