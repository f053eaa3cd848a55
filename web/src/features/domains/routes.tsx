import type { RouteObject } from 'react-router';
import { DomainPage } from './DomainPage.tsx';
import { DomainsPage } from './DomainsPage.tsx';

/** The Domains screens, relative to /p/:projectId. */
export const domainsRoutes: RouteObject[] = [
  { path: 'domains', element: <DomainsPage /> },
  { path: 'domains/:domainId', element: <DomainPage /> },
];
