import type { RouteObject } from 'react-router';
import { ContactPage } from './ContactPage.tsx';
import { ContactsPage } from './ContactsPage.tsx';
import { FieldPage } from './FieldPage.tsx';
import { FieldsPage } from './FieldsPage.tsx';
import { ImportJobPage } from './ImportJobPage.tsx';
import { ImportPage } from './ImportPage.tsx';

/** The contacts and fields screens, relative to /p/:projectId. */
export const contactsRoutes: RouteObject[] = [
  { path: 'contacts', element: <ContactsPage /> },
  { path: 'contacts/import', element: <ImportPage /> },
  { path: 'contacts/import/:jobId', element: <ImportJobPage /> },
  { path: 'contacts/:contactId', element: <ContactPage /> },
  { path: 'fields', element: <FieldsPage /> },
  { path: 'fields/:field', element: <FieldPage /> },
];
