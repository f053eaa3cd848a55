/** Asks before deleting a rule: mail to what it held goes out again. A refusal from the API shows in the dialog. */
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type SuppressionRule, suppressionMutations } from '../../queries/suppressions.ts';
import { useAction } from '../../queries/use-action.ts';
import { ruleTarget } from './shared.tsx';

export function DeleteRuleDialog({ rule, onClose }: { rule: SuppressionRule; onClose: () => void }) {
  const target = ruleTarget(rule);
  const remove = useAction(suppressionMutations.remove(useProject(), rule.id), {
    inline: true,
    onSuccess: () => {
      toast(`${target} is no longer suppressed.`);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      action={remove}
      title={`Delete the rule for ${target}?`}
      confirmLabel="Delete rule"
    >
      <p>
        {rule.domain ? `Mail to addresses at ${rule.domain}` : `Mail to ${target}`} goes out again from now on.
        {rule.reason === 'BOUNCE' || rule.reason === 'COMPLAINT'
          ? ' If it bounces or is marked as spam again, the rule comes back by itself.'
          : ''}
      </p>
    </ConfirmDialog>
  );
}
