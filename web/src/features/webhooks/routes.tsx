import type { RouteObject } from 'react-router';
import { EndpointPage } from './EndpointPage.tsx';
import { WebhooksPage } from './WebhooksPage.tsx';

/** The webhook screens, relative to /p/:projectId. */
export const webhooksRoutes: RouteObject[] = [
  { path: 'webhooks', element: <WebhooksPage /> },
  { path: 'webhooks/:endpointId', element: <EndpointPage /> },
];
