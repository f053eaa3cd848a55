import type { RouteObject } from 'react-router';
import { PageHeader } from '../../components/Layout.tsx';

/** The Outbox screens, relative to /p/:projectId. */
export const outboxRoutes: RouteObject[] = [{ path: 'outbox', element: <PageHeader title="Outbox" /> }];
