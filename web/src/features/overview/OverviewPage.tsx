import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/Layout.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { KeyFigures } from './KeyFigures.tsx';
import { QuickStart, SendTest } from './Sending.tsx';
import { SetupChecklist } from './SetupChecklist.tsx';

/** The project's home: what is left to set up, how mail is doing, and how to send from code. */
export function OverviewPage() {
  const { t } = useTranslation();
  const { project } = useProject();
  return (
    <>
      <PageHeader
        title={t('Overview')}
        description={t('How {project} is doing, and what to do next.', { project: project.name })}
      />
      <div className="space-y-6">
        <SetupChecklist />
        <KeyFigures />
        <div className="grid gap-6 xl:grid-cols-5">
          <div className="min-w-0 xl:col-span-3">
            <QuickStart />
          </div>
          <div className="min-w-0 xl:col-span-2">
            <SendTest />
          </div>
        </div>
      </div>
    </>
  );
}
