/** The project a screen works in: taken from the `/p/:projectId` URL, with a client bound to it. */
import { createContext, useContext } from 'react';
import type { Client } from '../api/client.ts';
import type { Project } from '../api/session.ts';

export interface ProjectContextValue {
  project: Project;
  projectId: string;
  /** Every call through it carries X-Project-Id. */
  api: Client;
  /** Builds a dashboard link inside this project: `to('contacts', id)` → `/p/<id>/contacts/<id>`. */
  to: (...segments: string[]) => string;
}

export const ProjectContext = createContext<ProjectContextValue | null>(null);

/** The current project; only inside `/p/:projectId/…` screens. */
export function useProject(): ProjectContextValue {
  const value = useContext(ProjectContext);
  if (!value) throw new Error('useProject outside a project screen');
  return value;
}
