/**
 * Deleting a template, after showing where it is used (GET /templates/:id/usage). Workflow steps that
 * send it block the delete (the API answers 409), so the dialog says so up front and links to them.
 * Mounted only while open; a delete returns to the templates, which no longer list it.
 */
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { CancelAnd, Dialog } from '../../components/Dialog.tsx';
import { leaveUnasked } from '../../components/LeaveGuard.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ErrorState, FormError, Skeleton } from '../../components/States.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Template, templateMutations, templateQueries } from '../../queries/templates.ts';
import { useAction } from '../../queries/use-action.ts';

export function DeleteTemplateDialog({ onClose, template }: { onClose: () => void; template: Template }) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const usage = useQuery(templateQueries.usage(scope, template.id));
  const remove = useAction(templateMutations.remove(scope, template.id), {
    inline: true,
    onSuccess: () => {
      toast(t('Deleted "{name}"', { name: template.name }));
      onClose();
      // The editor may hold unsaved changes to what is now gone: nothing is left to ask about.
      leaveUnasked();
      navigate(scope.to('templates'), { replace: true });
    },
  });
  const workflows = usage.data?.workflows ?? [];
  const campaigns = usage.data?.campaigns ?? [];
  const blocked = workflows.length > 0;
  const workflowNames = [...new Map(workflows.map((w) => [w.id, w])).values()];

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('Delete this template?')}
      footer={
        <CancelAnd onCancel={onClose}>
          <Button
            variant="danger"
            loading={remove.isPending}
            disabled={!usage.isSuccess || blocked}
            onClick={() => remove.mutate()}
          >
            {t('Delete template')}
          </Button>
        </CancelAnd>
      }
    >
      <div className="space-y-3 text-sm text-slate-600">
        <p>
          <Trans
            i18nKey="<name>{name}</name> will be gone for good. Emails already sent with it are not affected."
            values={{ name: template.name }}
            components={{ name: <strong className="text-slate-900" /> }}
          />
        </p>
        {usage.isPending && (
          <div role="status" aria-label={t('Checking where it is used')} className="space-y-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        )}
        {usage.isError && <ErrorState error={usage.error} retry={() => usage.refetch()} />}
        {usage.isSuccess && !blocked && campaigns.length === 0 && (
          <p className="rounded-md bg-slate-50 px-3 py-2">{t('No campaign or workflow uses it.')}</p>
        )}
        {blocked && (
          <Callout tone="warning" role="alert" title={t('Workflows send this template, so it cannot be deleted yet.')}>
            <p>{t('Change or remove the email steps that use it first:')}</p>
            <NamedLinks items={workflowNames} to={(id) => scope.to('workflows', id)} />
          </Callout>
        )}
        {campaigns.length > 0 && (
          <div>
            <p>{t('Campaigns that use it:')}</p>
            <NamedLinks items={campaigns} to={(id) => scope.to('campaigns', id)} />
          </div>
        )}
        <FormError error={remove.error} />
      </div>
    </Dialog>
  );
}

function NamedLinks({ items, to }: { items: Array<{ id: string; name: string }>; to: (id: string) => string }) {
  return (
    <ul className="mt-1 list-disc pl-5">
      {items.map((item) => (
        <li key={item.id}>
          <TextLink to={to(item.id)}>{item.name}</TextLink>
        </li>
      ))}
    </ul>
  );
}
