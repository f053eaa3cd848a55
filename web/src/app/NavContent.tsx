import { LogOut, Plus, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { can, type Project, useMe, useServerConfig } from '../api/session.ts';
import { cx } from '../lib/cx.ts';
import { accountMutations } from '../queries/account.ts';
import { useAction } from '../queries/use-action.ts';
import { NAV_GROUPS } from './nav.ts';

/**
 * What the sidebar and the phone's menu both hold: the project switcher, the project's sections and
 * the account links. `onNavigate` runs when a link is followed (the phone's menu closes on it).
 * `switcherId` differs between the two, which are in the page at once (one of them hidden).
 */
export function NavContent({
  projects,
  current,
  switcherId,
  onNavigate,
}: {
  projects: Project[];
  current?: Project;
  switcherId: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const config = useServerConfig();
  const signOut = useAction(accountMutations.signOut(), { onSuccess: () => navigate('/login') });
  const capture = config.data?.mailTransport === 'capture';

  return (
    <>
      <div className="px-3 pb-3">
        <label htmlFor={switcherId} className="sr-only">
          {t('Project')}
        </label>
        <div className="flex gap-1">
          <select
            id={switcherId}
            value={current?.id ?? ''}
            onChange={(e) => navigate(`/p/${e.target.value}`)}
            className="w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            {!current && <option value="">{t('Choose a project')}</option>}
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <Link
            to="/new-project"
            aria-label={t('New project')}
            title={t('New project')}
            onClick={onNavigate}
            className="rounded-md border border-slate-300 p-1.5 text-slate-600 hover:bg-slate-50"
          >
            <Plus className="size-4" aria-hidden />
          </Link>
        </div>
      </div>
      <nav aria-label={t('Sections')} className="flex-1 overflow-y-auto px-3">
        {current &&
          NAV_GROUPS.map((group) => (
            <div key={group.label} className="mb-3">
              {group.label && (
                <div className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                  {t(group.label)}
                </div>
              )}
              <ul>
                {group.items
                  .filter(
                    (item) => (!item.captureOnly || capture) && (!item.permission || can(current, item.permission)),
                  )
                  .map((item) => (
                    <li key={item.path}>
                      <NavLink
                        to={`/p/${current.id}${item.path ? `/${item.path}` : ''}`}
                        end={item.path === ''}
                        onClick={onNavigate}
                        className={({ isActive }) =>
                          cx(
                            'block rounded-md px-2 py-1.5 text-sm',
                            isActive ? 'bg-brand-50 font-medium text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                          )
                        }
                      >
                        {t(item.label)}
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
          onClick={onNavigate}
          className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
        >
          <UserRound className="size-4" aria-hidden />
          <span className="truncate">{me.data?.email ?? t('Account')}</span>
        </Link>
        <button
          type="button"
          onClick={() => signOut.mutate()}
          className="mt-1 flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
        >
          <LogOut className="size-4" aria-hidden />
          {t('Sign out')}
        </button>
      </div>
    </>
  );
}
