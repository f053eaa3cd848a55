import type { RouteObject } from 'react-router';
import { PageHeader } from '../../components/Layout.tsx';

/** The Domains screens, relative to /p/:projectId. */
export const domainsRoutes: RouteObject[] = [{ path: 'domains', element: <PageHeader title="Domains" /> }];
