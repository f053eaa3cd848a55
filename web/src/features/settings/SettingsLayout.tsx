import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useServerConfig } from '../../api/session.ts';
import { PageHeader } from '../../components/Layout.tsx';
import { msg } from '../../i18n/msg.ts';
import { cx } from '../../lib/cx.ts';
import { useProject } from '../../lib/project-context.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** Settings: one heading and a row of sub-page links; each sub-page is its own URL. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const { project, to } = useProject();
  const config = useServerConfig();
  const pages = [
    { path: '', label: msg('General') },
    { path: 'consent', label: msg('Sign-up & consent') },
    { path: 'sending', label: msg('Sending') },
    { path: 'keys', label: msg('API keys') },
    { path: 'members', label: msg('Members') },
    ...(config.data?.billing ? [{ path: 'billing', label: msg('Billing') }] : []),
    { path: 'security', label: msg('Security') },
  ];
  // The tab's title names the sub-page: "API keys · Settings · Acme · Mailwright".
  const { pathname } = useLocation();
  const current = pages.find((page) => page.path && pathname.endsWith(`/settings/${page.path}`)) ?? pages[0]!;
  usePageTitle(t('{page} · Settings', { page: t(current.label) }));
  return (
    <>
      <PageHeader
        title={t('Settings')}
        description={t('Everything about {name}: its name, sign-up, sending, keys, team and safety.', {
          name: project.name,
        })}
      />
      <nav aria-label={t('Settings pages')} className="mb-6 border-b border-slate-200">
        {/* On a phone the row scrolls inside itself instead of widening the page. */}
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {pages.map((page) => (
            <li key={page.path}>
              <NavLink
                to={page.path ? to('settings', page.path) : to('settings')}
                end
                className={({ isActive }) =>
                  cx(
                    'block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
                    isActive
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800',
                  )
                }
              >
                {t(page.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
