import { useNavigate } from 'react-router';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { projectMutations } from '../../queries/projects.ts';
import { useAction } from '../../queries/use-action.ts';
import { DangerZone } from './DangerZone.tsx';

/** Settings → General: deleting the project, once its name is typed. */
export function DeleteProject() {
  const scope = useProject();
  const navigate = useNavigate();
  const remove = useAction(projectMutations.remove(scope), {
    inline: true,
    onSuccess: () => {
      navigate('/', { replace: true });
      toast(`${scope.project.name} was deleted.`);
    },
  });
  return (
    <DangerZone
      title="Delete this project"
      description="Removes the project with all its contacts, templates, campaigns, workflows, domains and keys."
      permission="project.delete"
      acts="delete the project"
      button="Delete project"
      confirm={{
        title: `Delete ${scope.project.name}?`,
        label: 'Delete forever',
        warning: 'This cannot be undone. Its API keys stop working at once and all of its data is deleted.',
      }}
      action={remove}
    />
  );
}
