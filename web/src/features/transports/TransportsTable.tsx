/** The transports in the order they are tried: name and connection, streams, priority, rate, state, actions. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Table } from '../../components/Table.tsx';
import { formatNumber } from '../../lib/format.ts';
import type { Transport } from '../../queries/transports.ts';
import { connectionOf, KindBadge, StreamList, TransportState } from './shared.tsx';
import { EnabledSwitch } from './TransportActions.tsx';

// Figures keep to one line.
const NUMBER = 'whitespace-nowrap tabular-nums';

function NameCell({ transport: t }: { transport: Transport }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-1.5">
        <span className="break-words font-medium text-slate-900">{t.name}</span>
        <KindBadge kind={t.kind} />
      </span>
      <span className="block break-all font-mono text-xs text-slate-500">{connectionOf(t)}</span>
    </>
  );
}

/**
 * `actions` gives a row's buttons to a member who may change transports (who also gets each row's
 * on/off switch); without it the table only reads.
 */
export function TransportsTable({
  transports,
  actions,
}: {
  transports: Transport[];
  actions?: (transport: Transport) => ReactNode;
}) {
  const { t } = useTranslation();
  const state = (tr: Transport) => (
    <span className="flex items-start gap-2">
      {actions && <EnabledSwitch transport={tr} />}
      <TransportState transport={tr} />
    </span>
  );
  const rate = (tr: Transport) =>
    tr.ratePerSecond === null ? t('No limit') : t('{rate}/s', { rate: formatNumber(tr.ratePerSecond) });
  return (
    <Table<Transport>
      caption={t('Transports, in the order they are tried')}
      rows={transports}
      rowKey={(tr) => tr.id}
      columns={[
        { key: 'name', header: t('Transport'), className: 'min-w-44', cell: (tr) => <NameCell transport={tr} /> },
        { key: 'streams', header: t('Streams'), cell: (tr) => <StreamList streams={tr.streams} /> },
        { key: 'priority', header: t('Priority'), className: NUMBER, cell: (tr) => formatNumber(tr.priority) },
        { key: 'rate', header: t('Rate'), className: NUMBER, cell: rate },
        { key: 'state', header: t('Status'), className: 'min-w-36', cell: state },
        ...(actions
          ? [
              {
                key: 'actions',
                header: <span className="sr-only">{t('Actions')}</span>,
                className: 'whitespace-nowrap text-right',
                cell: actions,
              },
            ]
          : []),
      ]}
    />
  );
}
