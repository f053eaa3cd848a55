/**
 * The browser tab's title: `<title> · <project name> · Mailwright` inside a project,
 * `<title> · Mailwright` elsewhere. PageHeader calls it with its heading when that is a string, so
 * every screen gets a title; a screen or layout may call it itself for a more precise one. The latest
 * call to take effect wins (a layout's effect runs after its children's, so it overrides their
 * headers), and unmounting hands the title back to the one before.
 */
import { useContext, useEffect } from 'react';
import { ProjectContext } from './project-context.tsx';

export const APP_NAME = 'Mailwright';

const stack: Array<{ title: string }> = [];

function apply(): void {
  document.title = stack.at(-1)?.title ?? APP_NAME;
}

/** The full title for `title` in `projectName` (either may be missing). */
export function pageTitle(title: string | undefined, projectName?: string): string {
  return [title?.trim(), projectName?.trim(), APP_NAME].filter(Boolean).join(' · ');
}

/** Sets document.title while the calling component is mounted; undefined or '' leaves it alone. */
export function usePageTitle(title: string | undefined | null | false): void {
  const projectName = useContext(ProjectContext)?.project.name;
  const full = title ? pageTitle(title, projectName) : undefined;
  useEffect(() => {
    if (!full) return;
    const entry = { title: full };
    stack.push(entry);
    apply();
    return () => {
      const at = stack.indexOf(entry);
      if (at >= 0) stack.splice(at, 1);
      apply();
    };
  }, [full]);
}
