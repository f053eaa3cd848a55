import type { RouteObject } from 'react-router';
import { PageHeader } from '../../components/Layout.tsx';

/** The Segments screens, relative to /p/:projectId. */
export const segmentsRoutes: RouteObject[] = [{ path: 'segments', element: <PageHeader title="Segments" /> }];
