import type { RouteObject } from 'react-router';
import { NewSegmentPage } from './NewSegmentPage.tsx';
import { SegmentPage } from './SegmentPage.tsx';
import { SegmentsPage } from './SegmentsPage.tsx';

/** The Segments screens, relative to /p/:projectId. */
export const segmentsRoutes: RouteObject[] = [
  { path: 'segments', element: <SegmentsPage /> },
  { path: 'segments/new', element: <NewSegmentPage /> },
  { path: 'segments/:segmentId', element: <SegmentPage /> },
];
