import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { can } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { FormError } from '../../components/States.tsx';
import { TypeToConfirmDialog } from '../../components/TypeToConfirmDialog.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { forgetProject } from './project-cache.ts';

/** Settings → General: deleting the project, once its name is typed (OWNER only). */
export function DeleteProject() {
  const { api, project, projectId } = useProject();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.delete('/users/@me/projects/{id}', { path: { id: projectId } }),
    // Nothing to refetch: the project is gone (see forgetProject).
    meta: { errorShownInline: true },
    onSuccess: () => {
      navigate('/', { replace: true });
      forgetProject(queryClient, projectId);
      toast(`${project.name} was deleted.`);
    },
  });
  const close = () => {
    setOpen(false);
    remove.reset();
  };
  const allowed = can(project, 'project.delete');
  return (
    <section aria-labelledby="delete-project" className="rounded-lg border border-red-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-4 p-4">
        <div>
          <h2 id="delete-project" className="text-sm font-semibold text-red-700">
            Delete this project
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Removes the project with all its contacts, templates, campaigns, workflows, domains and keys.{' '}
            {!allowed && 'Only an Owner can do this.'}
          </p>
        </div>
        {allowed && (
          <Button variant="danger" onClick={() => setOpen(true)}>
            Delete project
          </Button>
        )}
      </div>
      <TypeToConfirmDialog
        open={open}
        onClose={close}
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
        title={`Delete ${project.name}?`}
        confirmText={project.name}
        confirmLabel="Delete forever"
      >
        <div className="space-y-3">
          <p>This cannot be undone. Its API keys stop working at once and all of its data is deleted.</p>
          <FormError error={remove.error} />
        </div>
      </TypeToConfirmDialog>
    </section>
  );
}
