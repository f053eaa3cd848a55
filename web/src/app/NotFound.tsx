import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../components/States.tsx';
import { ProjectContext } from '../lib/project-context.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

/** An address that is no screen: inside a project's frame (its <main>) or on its own page. */
export function NotFound() {
  const { t } = useTranslation();
  usePageTitle(t('Page not found'));
  const inProject = useContext(ProjectContext) !== null;
  const body = (
    <EmptyState
      headingLevel={1}
      title={t('Page not found')}
      description={t('This address is not a page of the dashboard.')}
      action={
        <Link className="text-sm font-medium text-brand-700 hover:underline" to="/">
          {t('Go to the dashboard')}
        </Link>
      }
    />
  );
  return inProject ? body : <main className="p-8">{body}</main>;
}
