import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthShell } from '../../components/AuthShell.tsx';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/Field.tsx';
import { KeysOnce } from '../../components/KeysOnce.tsx';
import { FormError } from '../../components/States.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { projectMutations } from '../../queries/projects.ts';
import { useAction } from '../../queries/use-action.ts';

/** Creates a project and shows its secret key once (it is stored only as a hash). */
export function NewProjectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useAction(projectMutations.create(), { inline: true });
  const d = useDraft(
    { name: '' },
    { save: create, toBody: (draft) => draft, leaveMessage: t('This project is not created yet. Leave anyway?') },
  );
  if (create.data) {
    const project = create.data;
    return (
      <AuthShell title={t('{name} is ready', { name: project.name })} subtitle={t('Here are its API keys.')}>
        <KeysOnce secretKey={project.secretKey} publicKey={project.publicKey} />
        <Button className="mt-5 w-full" onClick={() => navigate(`/p/${project.id}`)}>
          {t('Continue to the project')}
        </Button>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      title={t('Create a project')}
      subtitle={t('A project holds contacts, templates, campaigns and keys for one product or brand.')}
    >
      <form onSubmit={d.submit} className="space-y-4" noValidate>
        <FormError error={d.formError} />
        <TextInput label={t('Project name')} required autoFocus {...d.text('name')} />
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => navigate(-1)}>
            {t('Cancel')}
          </Button>
          <Button type="submit" className="flex-1" loading={d.saving}>
            {t('Create project')}
          </Button>
        </div>
      </form>
    </AuthShell>
  );
}
