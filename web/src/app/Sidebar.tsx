import { useQueryClient } from '@tanstack/react-query';
import { LogOut, Mail, Plus, UserRound } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router';
import { api } from '../api/client.ts';
import { type Project, useMe, useServerConfig } from '../api/session.ts';
import { cx } from '../lib/cx.ts';
import { NAV_GROUPS } from './nav.ts';

/** Project switcher, the project's sections and the account menu. */
export function Sidebar({ projects, current }: { projects: Project[]; current?: Project }) {
  const navigate = useNavigate();
  const me = useMe();
  const config = useServerConfig();
  const queryClient = useQueryClient();
  const capture = config.data?.mailTransport === 'capture';

  return (
    <aside className="sticky top-0 flex h-screen w-60 shrink-0 flex-col border-r border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:inset-x-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg"
      >
        Skip to content
      </a>
      <div className="flex items-center gap-2 px-4 pt-4 pb-3">
        <span className="flex size-7 items-center justify-center rounded-md bg-brand-600 text-white">
          <Mail className="size-4" aria-hidden />
        </span>
        <span className="font-semibold tracking-tight">Mailwright</span>
      </div>
      <div className="px-3 pb-3">
        <label htmlFor="project-switcher" className="sr-only">
          Project
        </label>
        <div className="flex gap-1">
          <select
            id="project-switcher"
            value={current?.id ?? ''}
            onChange={(e) => navigate(`/p/${e.target.value}`)}
            className="w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            {!current && <option value="">Choose a project</option>}
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <Link
            to="/new-project"
            aria-label="New project"
            title="New project"
            className="rounded-md border border-slate-300 p-1.5 text-slate-600 hover:bg-slate-50"
          >
            <Plus className="size-4" aria-hidden />
          </Link>
        </div>
      </div>
      <nav aria-label="Sections" className="flex-1 overflow-y-auto px-3">
        {current &&
          NAV_GROUPS.map((group) => (
            <div key={group.label} className="mb-3">
              {group.label && (
                <div className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                  {group.label}
                </div>
              )}
              <ul>
                {group.items
                  .filter((item) => !item.captureOnly || capture)
                  .map((item) => (
                    <li key={item.path}>
                      <NavLink
                        to={`/p/${current.id}${item.path ? `/${item.path}` : ''}`}
                        end={item.path === ''}
                        className={({ isActive }) =>
                          cx(
                            'block rounded-md px-2 py-1.5 text-sm',
                            isActive ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                          )
                        }
                      >
                        {item.label}
                      </NavLink>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
      </nav>
      <div className="border-t border-slate-200 p-3">
        <Link
          to="/account"
          className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
        >
          <UserRound className="size-4" aria-hidden />
          <span className="truncate">{me.data?.email ?? 'Account'}</span>
        </Link>
        <button
          type="button"
          onClick={async () => {
            await api.get('/auth/logout').catch(() => undefined);
            queryClient.clear();
            navigate('/login');
          }}
          className="mt-1 flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
        >
          <LogOut className="size-4" aria-hidden />
          Sign out
        </button>
      </div>
    </aside>
  );
}
