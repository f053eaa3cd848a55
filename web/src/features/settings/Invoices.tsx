import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { Badge, Card, type Tone } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States.tsx';
import { Table } from '../../components/Table.tsx';
import { formatDate } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { billingQueries, type Invoice } from '../../queries/billing.ts';
import { formatMoney } from './usage.ts';

const INVOICE_TONE: Record<string, Tone> = {
  paid: 'green',
  open: 'yellow',
  draft: 'gray',
  void: 'gray',
  uncollectible: 'red',
};

/** Settings → Billing: the subscription's invoices, linking to Stripe's page of each. */
export function Invoices() {
  const invoices = useQuery(billingQueries.invoices(useProject()));
  return (
    <Card title="Invoices">
      {invoices.isPending && <LoadingRows rows={2} label="Loading invoices" />}
      {invoices.isError && <ErrorState error={invoices.error} retry={() => invoices.refetch()} />}
      {invoices.isSuccess &&
        (invoices.data.length === 0 ? (
          <EmptyState title="No invoices yet" description="Invoices appear here once you subscribe." />
        ) : (
          <Table<Invoice>
            caption="Invoices"
            rows={invoices.data}
            rowKey={(i) => i.id}
            columns={[
              { key: 'number', header: 'Invoice', cell: (i) => i.number ?? i.id },
              { key: 'date', header: 'Date', cell: (i) => formatDate(i.created) },
              {
                key: 'amount',
                header: 'Amount',
                className: 'tabular-nums',
                cell: (i) => formatMoney(i.status === 'paid' ? i.amountPaid : i.amountDue, i.currency),
              },
              {
                key: 'status',
                header: 'Status',
                cell: (i) =>
                  i.status ? (
                    <Badge tone={INVOICE_TONE[i.status] ?? 'gray'}>
                      {i.status[0]?.toUpperCase() + i.status.slice(1)}
                    </Badge>
                  ) : (
                    '—'
                  ),
              },
              {
                key: 'link',
                header: <span className="sr-only">Link</span>,
                className: 'text-right',
                cell: (i) =>
                  i.hostedInvoiceUrl && (
                    <a
                      href={i.hostedInvoiceUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
                    >
                      View <ExternalLink className="size-3.5" aria-hidden />
                      <span className="sr-only"> invoice {i.number ?? i.id}</span>
                    </a>
                  ),
              },
            ]}
          />
        ))}
    </Card>
  );
}
