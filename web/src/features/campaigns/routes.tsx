import type { RouteObject } from 'react-router';
import { PageHeader } from '../../components/Layout.tsx';

/** The Campaigns screens, relative to /p/:projectId. */
export const campaignsRoutes: RouteObject[] = [{ path: 'campaigns', element: <PageHeader title="Campaigns" /> }];
