/** What a saved template offers besides saving: a test of what is on screen, a copy, deleting it. */
import { Copy, Send, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Template, templateMutations } from '../../queries/templates.ts';
import { useAction } from '../../queries/use-action.ts';

export function SavedActions({
  template,
  onOpen,
}: {
  template: Template;
  onOpen: (dialog: 'test' | 'delete') => void;
}) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const duplicate = useAction(templateMutations.duplicate(scope, template.id), {
    onSuccess: (copy) => {
      toast(t('Created "{name}"', { name: copy.name }));
      navigate(scope.to('templates', copy.id));
    },
  });
  return (
    <>
      <Button variant="secondary" icon={<Send className="size-4" aria-hidden />} onClick={() => onOpen('test')}>
        {t('Send test')}
      </Button>
      <Button
        variant="secondary"
        icon={<Copy className="size-4" aria-hidden />}
        loading={duplicate.isPending}
        onClick={() => duplicate.mutate()}
      >
        {t('Duplicate')}
      </Button>
      <Button
        variant="ghost"
        aria-label={t('Delete template')}
        title={t('Delete template')}
        icon={<Trash2 className="size-4 text-red-600" aria-hidden />}
        onClick={() => onOpen('delete')}
      />
    </>
  );
}
