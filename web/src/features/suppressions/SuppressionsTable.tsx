/** The rules of a page: what each holds, why, its note, when it was added and when it lapses. */
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Badge } from '../../components/Layout.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { Table } from '../../components/Table.tsx';
import { formatDate } from '../../lib/format.ts';
import type { SuppressionRule } from '../../queries/suppressions.ts';
import { ReasonBadge, ruleTarget } from './shared.tsx';

/**
 * `onDelete` gives each rule but the ERASED ones a delete button (for a member who may delete rules;
 * an erased address stays suppressed for good). `highlight` marks the rule that held an email.
 */
export function SuppressionsTable({
  rules,
  highlight,
  onDelete,
}: {
  rules: SuppressionRule[];
  highlight?: string;
  onDelete?: (rule: SuppressionRule) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table<SuppressionRule>
      caption={t('Suppression rules, newest first')}
      rows={rules}
      rowKey={(r) => r.id}
      columns={[
        {
          key: 'target',
          header: t('Address or domain'),
          className: 'min-w-48',
          cell: (r) => (
            <span className="flex flex-col items-start gap-0.5">
              {r.address || r.domain ? (
                <span className="break-all font-mono text-xs font-medium text-slate-900">{ruleTarget(r)}</span>
              ) : (
                <span className="text-slate-700 italic">{ruleTarget(r)}</span>
              )}
              {r.domain && <span className="text-xs text-slate-500">{t('Every address at this domain')}</span>}
              {r.addressHash && (
                <span className="max-w-56 truncate font-mono text-xs text-slate-500" title={r.addressHash}>
                  {t('SHA-256 {hash}', { hash: r.addressHash })}
                </span>
              )}
              {r.id === highlight && <Badge tone="brand">{t('Held the email')}</Badge>}
            </span>
          ),
        },
        { key: 'reason', header: t('Reason'), cell: (r) => <ReasonBadge reason={r.reason} /> },
        {
          key: 'note',
          header: t('Note'),
          className: 'max-w-0 min-w-40 w-1/3',
          cell: (r) =>
            r.note ? (
              <span className="block truncate" title={r.note}>
                {r.note}
              </span>
            ) : (
              <span className="text-slate-500">—</span>
            ),
        },
        {
          key: 'added',
          header: t('Added'),
          className: 'whitespace-nowrap',
          cell: (r) => <RelativeTime iso={r.createdAt} />,
        },
        {
          key: 'expires',
          header: t('Expires'),
          className: 'whitespace-nowrap',
          cell: (r) =>
            r.expiresAt ? (
              <time dateTime={r.expiresAt}>{formatDate(r.expiresAt)}</time>
            ) : (
              <span className="text-slate-500">{t('Never')}</span>
            ),
        },
        ...(onDelete
          ? [
              {
                key: 'actions',
                header: <span className="sr-only">{t('Actions')}</span>,
                className: 'whitespace-nowrap text-right',
                cell: (r: SuppressionRule) =>
                  r.reason === 'ERASED' ? null : (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('Delete the rule for {target}', { target: ruleTarget(r) })}
                      icon={<Trash2 className="size-3.5" aria-hidden />}
                      onClick={() => onDelete(r)}
                    >
                      {t('Delete')}
                    </Button>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}
