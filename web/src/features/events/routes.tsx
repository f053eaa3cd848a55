import type { RouteObject } from 'react-router';
import { EventDetailPage } from './EventDetailPage.tsx';
import { EventsPage } from './EventsPage.tsx';

/** The Events screens, relative to /p/:projectId. */
export const eventsRoutes: RouteObject[] = [
  { path: 'events', element: <EventsPage /> },
  { path: 'events/:eventName', element: <EventDetailPage /> },
];
