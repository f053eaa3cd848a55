import type { RouteObject } from 'react-router';
import { MessagePage } from './MessagePage.tsx';
import { OutboxPage } from './OutboxPage.tsx';

/** The Outbox screens (capture mode only), relative to /p/:projectId. */
export const outboxRoutes: RouteObject[] = [
  { path: 'outbox', element: <OutboxPage /> },
  { path: 'outbox/:emailId', element: <MessagePage /> },
];
