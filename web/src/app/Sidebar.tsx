import { Mail } from 'lucide-react';
import type { Project } from '../api/session.ts';
import { NavContent } from './NavContent.tsx';

/** The product's mark and name, at the top of the sidebar and of the phone's top bar. */
export function Brand() {
  return (
    <div className="flex items-center gap-2">
      <span className="flex size-7 items-center justify-center rounded-md bg-brand-600 text-white">
        <Mail className="size-4" aria-hidden />
      </span>
      <span className="font-semibold tracking-tight">Mailwright</span>
    </div>
  );
}

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
