import type { RouteObject } from 'react-router';
import { ImportSuppressionsPage } from './ImportSuppressionsPage.tsx';
import { SuppressionImportPage } from './SuppressionImportPage.tsx';
import { SuppressionsPage } from './SuppressionsPage.tsx';

/** The suppression list and its CSV import, relative to /p/:projectId. */
export const suppressionsRoutes: RouteObject[] = [
  { path: 'suppressions', element: <SuppressionsPage /> },
  { path: 'suppressions/import', element: <ImportSuppressionsPage /> },
  { path: 'suppressions/import/:importId', element: <SuppressionImportPage /> },
];
