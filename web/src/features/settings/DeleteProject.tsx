import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { projectMutations } from '../../queries/projects.ts';
import { useAction } from '../../queries/use-action.ts';
import { DangerZone } from './DangerZone.tsx';

/** Settings → General: deleting the project, once its name is typed. */
export function DeleteProject() {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const remove = useAction(projectMutations.remove(scope), {
    inline: true,
    onSuccess: () => {
      navigate('/', { replace: true });
      toast(t('{name} was deleted.', { name: scope.project.name }));
    },
  });
  return (
    <DangerZone
      title={t('Delete this project')}
      description={t('Removes the project with all its contacts, templates, campaigns, workflows, domains and keys.')}
      permission="project.delete"
      notice={t('Your role does not let you delete the project.')}
      button={t('Delete project')}
      confirm={{
        title: t('Delete {name}?', { name: scope.project.name }),
        label: t('Delete forever'),
        warning: t('This cannot be undone. Its API keys stop working at once and all of its data is deleted.'),
      }}
      action={remove}
    />
  );
}
