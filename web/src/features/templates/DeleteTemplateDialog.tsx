/**
 * Deleting a template, after showing where it is used (GET /templates/:id/usage). Workflow steps that
 * send it block the delete (the API answers 409), so the dialog says so up front and links to them.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Template, templateEffects, templateQueries } from '../../queries/templates.ts';

export function DeleteTemplateDialog({
  open,
  onClose,
  template,
  onDeleted,
}: {
  open: boolean;
  onClose: () => void;
  template: Template;
  onDeleted: () => void;
}) {
  const project = useProject();
  const { api, projectId, to } = project;
  const queryClient = useQueryClient();
  const usage = useQuery({ ...templateQueries.usage(project, template.id), enabled: open });
  const remove = useMutation({
    mutationFn: () => api.delete('/templates/{id}', { path: { id: template.id } }),
    meta: { invalidates: templateEffects(projectId), errorShownInline: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: templateQueries.one(project, template.id).queryKey });
      toast(`Deleted "${template.name}"`);
      onClose();
      onDeleted();
    },
  });
  const workflows = usage.data?.workflows ?? [];
  const campaigns = usage.data?.campaigns ?? [];
  const blocked = workflows.length > 0;
  const workflowNames = [...new Map(workflows.map((w) => [w.id, w])).values()];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Delete this template?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            disabled={!usage.isSuccess || blocked}
            onClick={() => remove.mutate()}
          >
            Delete template
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-600">
        <p>
          <strong className="text-slate-900">{template.name}</strong> will be gone for good. Emails already sent with it
          are not affected.
        </p>
        {usage.isPending && (
          <div role="status" aria-label="Checking where it is used" className="space-y-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        )}
        {usage.isError && <ErrorState error={usage.error} retry={() => usage.refetch()} />}
        {usage.isSuccess && !blocked && campaigns.length === 0 && (
          <p className="rounded-md bg-slate-50 px-3 py-2">No campaign or workflow uses it.</p>
        )}
        {blocked && (
          <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
            <p className="font-medium">Workflows send this template, so it cannot be deleted yet.</p>
            <p className="mt-1">Change or remove the email steps that use it first:</p>
            <ul className="mt-1 list-disc pl-5">
              {workflowNames.map((w) => (
                <li key={w.id}>
                  <TextLink to={to('workflows', w.id)}>{w.name}</TextLink>
                </li>
              ))}
            </ul>
          </div>
        )}
        {campaigns.length > 0 && (
          <div>
            <p>Campaigns that use it:</p>
            <ul className="mt-1 list-disc pl-5">
              {campaigns.map((c) => (
                <li key={c.id}>
                  <TextLink to={to('campaigns', c.id)}>{c.name}</TextLink>
                </li>
              ))}
            </ul>
          </div>
        )}
        <FormError error={remove.error} />
      </div>
    </Dialog>
  );
}
