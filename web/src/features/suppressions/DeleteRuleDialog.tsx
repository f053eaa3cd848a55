/** Asks before deleting a rule: mail to what it held goes out again. A refusal from the API shows in the dialog. */
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type SuppressionRule, suppressionMutations } from '../../queries/suppressions.ts';
import { useAction } from '../../queries/use-action.ts';
import { ruleTarget } from './shared.tsx';

export function DeleteRuleDialog({ rule, onClose }: { rule: SuppressionRule; onClose: () => void }) {
  const { t } = useTranslation();
  const target = ruleTarget(rule);
  const remove = useAction(suppressionMutations.remove(useProject(), rule.id), {
    inline: true,
    onSuccess: () => {
      toast(t('{target} is no longer suppressed.', { target }));
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      action={remove}
      title={t('Delete the rule for {target}?', { target })}
      confirmLabel={t('Delete rule')}
    >
      <p>
        {rule.domain
          ? t('Mail to addresses at {domain} goes out again from now on.', { domain: rule.domain })
          : t('Mail to {target} goes out again from now on.', { target })}
        {rule.reason === 'BOUNCE' || rule.reason === 'COMPLAINT'
          ? ` ${t('If it bounces or is marked as spam again, the rule comes back by itself.')}`
          : ''}
      </p>
    </ConfirmDialog>
  );
}
