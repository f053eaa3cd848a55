/**
 * Every dashboard URL. Signed-out pages sit at the top level; project screens under
 * `/p/:projectId`, each feature contributing its own routes. The first segments must match
 * sections.ts, which tells the server which paths are the dashboard's.
 */
import { createBrowserRouter, Navigate } from 'react-router';
import { AccountPage } from '../features/account/AccountPage.tsx';
import { activityRoutes } from '../features/activity/routes.tsx';
import { analyticsRoutes } from '../features/analytics/routes.tsx';
import { auditRoutes } from '../features/audit/routes.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { ForgotPasswordPage, ResetPasswordPage } from '../features/auth/PasswordPages.tsx';
import { SignupPage } from '../features/auth/SignupPage.tsx';
import { InvitePage, VerifyEmailPage } from '../features/auth/TokenPages.tsx';
import { campaignsRoutes } from '../features/campaigns/routes.tsx';
import { contactsRoutes } from '../features/contacts/routes.tsx';
import { domainsRoutes } from '../features/domains/routes.tsx';
import { emailsRoutes } from '../features/emails/routes.tsx';
import { eventsRoutes } from '../features/events/routes.tsx';
import { outboxRoutes } from '../features/outbox/routes.tsx';
import { overviewRoutes } from '../features/overview/routes.tsx';
import { NewProjectPage } from '../features/projects/NewProjectPage.tsx';
import { segmentsRoutes } from '../features/segments/routes.tsx';
import { settingsRoutes } from '../features/settings/routes.tsx';
import { suppressionsRoutes } from '../features/suppressions/routes.tsx';
import { templatesRoutes } from '../features/templates/routes.tsx';
import { topicsRoutes } from '../features/topics/routes.tsx';
import { transportsRoutes } from '../features/transports/routes.tsx';
import { webhooksRoutes } from '../features/webhooks/routes.tsx';
import { workflowsRoutes } from '../features/workflows/routes.tsx';
import { NotFound } from './NotFound.tsx';
import { ProjectLayout } from './ProjectLayout.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { RootFrame } from './RootFrame.tsx';
import { RootRedirect } from './RootRedirect.tsx';

export const router = createBrowserRouter([
  {
    element: <RootFrame />,
    children: [
      { path: '/', element: <RootRedirect /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/invite', element: <InvitePage /> },
      {
        path: '/new-project',
        element: (
          <RequireAuth>
            <NewProjectPage />
          </RequireAuth>
        ),
      },
      {
        path: '/account',
        element: (
          <RequireAuth>
            <AccountPage />
          </RequireAuth>
        ),
      },
      { path: '/p', element: <Navigate to="/" replace /> },
      {
        path: '/p/:projectId',
        element: (
          <RequireAuth>
            <ProjectLayout />
          </RequireAuth>
        ),
        children: [
          ...overviewRoutes,
          ...contactsRoutes,
          ...segmentsRoutes,
          ...topicsRoutes,
          ...campaignsRoutes,
          ...templatesRoutes,
          ...eventsRoutes,
          ...activityRoutes,
          ...analyticsRoutes,
          ...emailsRoutes,
          ...workflowsRoutes,
          ...domainsRoutes,
          ...transportsRoutes,
          ...suppressionsRoutes,
          ...webhooksRoutes,
          ...settingsRoutes,
          ...auditRoutes,
          ...outboxRoutes,
          { path: '*', element: <NotFound /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
