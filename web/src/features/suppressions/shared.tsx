/** Pieces of the suppressions screens: a rule's reason and target, who may change rules, the notice. */
import { can, type Project } from '../../api/session.ts';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import { StatusBadge, type StatusLooks } from '../../components/StatusBadge.tsx';
import type { SuppressionReason, SuppressionRule } from '../../queries/suppressions.ts';

/** In the order the filter offers them. */
export const REASONS: StatusLooks<SuppressionReason> = {
  BOUNCE: 'red',
  COMPLAINT: 'yellow',
  MANUAL: 'blue',
  ERASED: 'gray',
};

/** Why a rule exists, in a sentence's words. */
export const REASON_HELP: Record<SuppressionReason, string> = {
  BOUNCE: 'The address bounced.',
  COMPLAINT: 'The recipient marked an email as spam.',
  MANUAL: 'Added by a member or through the API.',
  ERASED: 'The contact was erased; the address stays suppressed for good.',
};

export function ReasonBadge({ reason }: { reason: SuppressionReason }) {
  return (
    <span title={REASON_HELP[reason]}>
      <StatusBadge looks={REASONS} status={reason} />
    </span>
  );
}

/**
 * What the rule holds: the address, or the whole domain as `*@example.com`. Of an erased address only
 * a hash is kept: it reads as such.
 */
export function ruleTarget(rule: Pick<SuppressionRule, 'address' | 'domain'>): string {
  if (rule.address) return rule.address;
  return rule.domain ? `*@${rule.domain}` : 'An erased address';
}

/** Whether the member may add, import and delete rules (deleting one lets mail through again). */
export function canManageSuppressions(project: Pick<Project, 'permissions'>): boolean {
  return can(project, 'suppressions.manage');
}

export function SuppressionsNotice() {
  return (
    <PermissionNotice permission="suppressions.manage" sees="the suppression list" acts="add, import or delete rules" />
  );
}
