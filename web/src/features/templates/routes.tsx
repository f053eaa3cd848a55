import type { RouteObject } from 'react-router';
import { TemplatesPage } from './TemplatesPage.tsx';

// The editor brings CodeMirror and LiquidJS: loaded when it is opened, not with the dashboard.
const editor = () => import('./TemplateEditorPage.tsx').then((m) => ({ Component: m.TemplateEditorPage }));

/** The Templates screens, relative to /p/:projectId. */
export const templatesRoutes: RouteObject[] = [
  { path: 'templates', element: <TemplatesPage /> },
  { path: 'templates/new', lazy: editor },
  { path: 'templates/:templateId', lazy: editor },
];
