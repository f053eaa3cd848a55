/** The rules of a page: what each holds, why, its note, when it was added and when it lapses. */
import { Trash2 } from 'lucide-react';
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
  return (
    <Table<SuppressionRule>
      caption="Suppression rules, newest first"
      rows={rules}
      rowKey={(r) => r.id}
      columns={[
        {
          key: 'target',
          header: 'Address or domain',
          className: 'min-w-48',
          cell: (r) => (
            <span className="flex flex-col items-start gap-0.5">
              {r.address || r.domain ? (
                <span className="break-all font-mono text-xs font-medium text-slate-900">{ruleTarget(r)}</span>
              ) : (
                <span className="text-slate-700 italic">{ruleTarget(r)}</span>
              )}
              {r.domain && <span className="text-xs text-slate-500">Every address at this domain</span>}
              {r.addressHash && (
                <span className="max-w-56 truncate font-mono text-xs text-slate-500" title={r.addressHash}>
                  SHA-256 {r.addressHash}
                </span>
              )}
              {r.id === highlight && <Badge tone="brand">Held the email</Badge>}
            </span>
          ),
        },
        { key: 'reason', header: 'Reason', cell: (r) => <ReasonBadge reason={r.reason} /> },
        {
          key: 'note',
          header: 'Note',
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
          header: 'Added',
          className: 'whitespace-nowrap',
          cell: (r) => <RelativeTime iso={r.createdAt} />,
        },
        {
          key: 'expires',
          header: 'Expires',
          className: 'whitespace-nowrap',
          cell: (r) =>
            r.expiresAt ? (
              <time dateTime={r.expiresAt}>{formatDate(r.expiresAt)}</time>
            ) : (
              <span className="text-slate-500">Never</span>
            ),
        },
        ...(onDelete
          ? [
              {
                key: 'actions',
                header: <span className="sr-only">Actions</span>,
                className: 'whitespace-nowrap text-right',
                cell: (r: SuppressionRule) =>
                  r.reason === 'ERASED' ? null : (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete the rule for ${ruleTarget(r)}`}
                      icon={<Trash2 className="size-3.5" aria-hidden />}
                      onClick={() => onDelete(r)}
                    >
                      Delete
                    </Button>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}
