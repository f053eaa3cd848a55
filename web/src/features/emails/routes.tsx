import type { RouteObject } from 'react-router';
import { EmailPage } from './EmailPage.tsx';
import { EmailsPage } from './EmailsPage.tsx';

/** The email log's screens, relative to /p/:projectId. */
export const emailsRoutes: RouteObject[] = [
  { path: 'emails', element: <EmailsPage /> },
  { path: 'emails/:emailId', element: <EmailPage /> },
];
