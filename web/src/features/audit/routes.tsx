import type { RouteObject } from 'react-router';
import { AuditLogPage } from './AuditLogPage.tsx';

/** The audit log, relative to /p/:projectId. */
export const auditRoutes: RouteObject[] = [{ path: 'audit-log', element: <AuditLogPage /> }];
