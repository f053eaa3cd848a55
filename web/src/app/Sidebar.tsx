import type { Project } from '../api/session.ts';
import { Brand } from '../components/Brand.tsx';
import { NavContent } from './NavContent.tsx';

/** The sidebar of a wide screen (from 768 px); narrower screens reach the same through MobileNav. */
export function Sidebar({ projects, current }: { projects: Project[]; current?: Project }) {
  return (
    <aside className="sticky top-0 hidden h-screen w-60 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
      <div className="px-4 pt-4 pb-3">
        <Brand />
      </div>
      <NavContent projects={projects} current={current} switcherId="project-switcher" />
    </aside>
  );
}
