import type { RouteObject } from 'react-router';
import { PageHeader } from '../../components/Layout.tsx';

/** The Contacts screens, relative to /p/:projectId. */
export const contactsRoutes: RouteObject[] = [{ path: 'contacts', element: <PageHeader title="Contacts" /> }];
