/** Pieces of the suppressions screens: a rule's reason and target, who may change rules, the notice. */
import { useTranslation } from 'react-i18next';
import { can, type Project } from '../../api/session.ts';
import { Badge } from '../../components/Layout.tsx';
import { PermissionNotice } from '../../components/PermissionNotice.tsx';
import { type StatusLooks, statusLabel } from '../../components/StatusBadge.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';
import type { SuppressionReason, SuppressionRule } from '../../queries/suppressions.ts';

/** In the order the filter offers them. */
export const REASONS: StatusLooks<SuppressionReason> = {
  BOUNCE: 'red',
  COMPLAINT: 'yellow',
  MANUAL: 'blue',
  ERASED: 'gray',
};

/** Each reason in a word, and why a rule exists in a sentence's words (English messages, translated where shown). */
const REASON_TEXT: Record<SuppressionReason, { label: string; help: string }> = {
  BOUNCE: { label: msg('Bounce'), help: msg('The address bounced.') },
  COMPLAINT: { label: msg('Complaint'), help: msg('The recipient marked an email as spam.') },
  MANUAL: { label: msg('Manual'), help: msg('Added by a member or through the API.') },
  ERASED: { label: msg('Erased'), help: msg('The contact was erased; the address stays suppressed for good.') },
};

/** A reason in the dashboard's language (one the API adds later reads as its own word). */
export function useReasonLabel(): (reason: SuppressionReason) => string {
  const { t } = useTranslation();
  return (reason) => {
    const text = REASON_TEXT[reason];
    return text ? t(text.label) : statusLabel(reason);
  };
}

export function ReasonBadge({ reason }: { reason: SuppressionReason }) {
  const { t } = useTranslation();
  const labelOf = useReasonLabel();
  const help = REASON_TEXT[reason]?.help;
  return (
    <span title={help ? t(help) : undefined}>
      <Badge tone={REASONS[reason] ?? 'gray'}>{labelOf(reason)}</Badge>
    </span>
  );
}

/**
 * What the rule holds: the address, or the whole domain as `*@example.com`. Of an erased address only
 * a hash is kept: it reads as such.
 */
export function ruleTarget(rule: Pick<SuppressionRule, 'address' | 'domain'>): string {
  if (rule.address) return rule.address;
  return rule.domain ? `*@${rule.domain}` : i18n.t('An erased address');
}

/** Whether the member may add, import and delete rules (deleting one lets mail through again). */
export function canManageSuppressions(project: Pick<Project, 'permissions'>): boolean {
  return can(project, 'suppressions.manage');
}

export function SuppressionsNotice() {
  const { t } = useTranslation();
  return (
    <PermissionNotice permission="suppressions.manage">
      {t('You can see the suppression list. Your role does not let you add, import or delete rules.')}
    </PermissionNotice>
  );
}
