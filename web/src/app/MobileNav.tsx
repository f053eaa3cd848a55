import { Menu } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Project } from '../api/session.ts';
import { Brand } from '../components/Brand.tsx';
import { SideSheet } from '../components/SideSheet.tsx';
import { NavContent } from './NavContent.tsx';

/**
 * The phone's navigation (below 768 px, where the sidebar is hidden): a top bar whose menu button
 * opens the sidebar's content in a sheet from the left. The sheet closes when a link is followed,
 * on any other route change (the project switcher), and on Escape.
 */
export function MobileNav({ projects, current }: { projects: Project[]; current?: Project }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new path.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <header className="sticky top-0 z-20 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 md:hidden">
      <button
        type="button"
        aria-label={t('Menu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="-ml-1 rounded-md p-1.5 text-slate-700 hover:bg-slate-100"
      >
        <Menu className="size-5" aria-hidden />
      </button>
      <Brand />
      {current && <span className="ml-auto truncate text-sm text-slate-500">{current.name}</span>}
      <SideSheet open={open} onClose={() => setOpen(false)} title={t('Menu')} side="left">
        <div className="-mx-5 -my-4 flex min-h-full flex-col pt-3">
          <NavContent
            projects={projects}
            current={current}
            switcherId="project-switcher-menu"
            onNavigate={() => setOpen(false)}
          />
        </div>
      </SideSheet>
    </header>
  );
}
