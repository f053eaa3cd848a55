import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Layout.tsx';
import { ListStates } from '../../components/ListScreen.tsx';
import { EmptyState } from '../../components/States.tsx';
import { StatusBadge, type StatusLooks } from '../../components/StatusBadge.tsx';
import { Table } from '../../components/Table.tsx';
import { formatDate } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { billingQueries, type Invoice } from '../../queries/billing.ts';
import { formatMoney } from './usage.ts';

const INVOICE_STATUS: StatusLooks<NonNullable<Invoice['status']>> = {
  draft: 'gray',
  open: 'yellow',
  paid: 'green',
  uncollectible: 'red',
  void: 'gray',
};

/** Settings → Billing: the subscription's invoices, linking to Stripe's page of each. */
export function Invoices() {
  const { t } = useTranslation();
  const invoices = useQuery(billingQueries.invoices(useProject()));
  return (
    <Card title={t('Invoices')}>
      <ListStates
        query={invoices}
        loadingLabel={t('Loading invoices')}
        loadingRows={2}
        empty={<EmptyState title={t('No invoices yet')} description={t('Invoices appear here once you subscribe.')} />}
      >
        {(rows) => (
          <Table<Invoice>
            caption={t('Invoices')}
            rows={rows}
            rowKey={(i) => i.id}
            columns={[
              { key: 'number', header: t('Invoice'), cell: (i) => i.number ?? i.id },
              { key: 'date', header: t('Date'), cell: (i) => formatDate(i.created) },
              {
                key: 'amount',
                header: t('Amount', { context: 'money' }),
                className: 'tabular-nums',
                cell: (i) => formatMoney(i.status === 'paid' ? i.amountPaid : i.amountDue, i.currency),
              },
              {
                key: 'status',
                header: t('Status'),
                cell: (i) => (i.status ? <StatusBadge looks={INVOICE_STATUS} status={i.status} /> : '—'),
              },
              {
                key: 'link',
                header: <span className="sr-only">{t('Link')}</span>,
                className: 'text-right',
                cell: (i) =>
                  i.hostedInvoiceUrl && (
                    <a
                      href={i.hostedInvoiceUrl}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={t('View invoice {invoice}', { invoice: i.number ?? i.id })}
                      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
                    >
                      {t('View')} <ExternalLink className="size-3.5" aria-hidden />
                    </a>
                  ),
              },
            ]}
          />
        )}
      </ListStates>
    </Card>
  );
}
