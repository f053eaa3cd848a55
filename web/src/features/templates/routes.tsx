import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Skeleton } from '../../components/States.tsx';
import { TemplatesPage } from './TemplatesPage.tsx';

// The editor brings CodeMirror and LiquidJS: loaded when it is opened, not with the dashboard.
const TemplateEditorPage = lazy(() =>
  import('./TemplateEditorPage.tsx').then((m) => ({ default: m.TemplateEditorPage })),
);

function Editor() {
  return (
    <Suspense
      fallback={
        <div role="status" aria-label="Loading template">
          <Skeleton className="mb-3 h-4 w-24" />
          <Skeleton className="mb-6 h-7 w-72" />
          <Skeleton className="h-[640px] w-full" />
        </div>
      }
    >
      <TemplateEditorPage />
    </Suspense>
  );
}

/** The Templates screens, relative to /p/:projectId. */
export const templatesRoutes: RouteObject[] = [
  { path: 'templates', element: <TemplatesPage /> },
  { path: 'templates/new', element: <Editor /> },
  { path: 'templates/:templateId', element: <Editor /> },
];
