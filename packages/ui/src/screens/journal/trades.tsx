import { FileUp } from 'lucide-react';
import { Badge } from '../../components/badge';
import { Money } from '../../components/money';
import { DataTable, type DataTableColumn } from '../../components/table';
import { formatDateTime } from '../../lib/dates';
import { type AreaCallbacks, addTrade, importTrades } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';
import type { DashboardTrade } from './dashboard';

// Trades

const tradeColumns: DataTableColumn<DashboardTrade>[] = [
  { id: 'closedAt', header: 'Closed', sortValue: (t) => t.closedAt, cell: (t) => formatDateTime(t.closedAt) },
  {
    id: 'symbol',
    header: 'Symbol',
    sortValue: (t) => t.symbol,
    cell: (t) => <span className="font-medium">{t.symbol}</span>,
  },
  { id: 'segment', header: 'Segment', sortValue: (t) => t.segment, cell: (t) => t.segment },
  {
    id: 'side',
    header: 'Side',
    cell: (t) => <Badge variant={t.side === 'Long' ? 'secondary' : 'outline'}>{t.side}</Badge>,
  },
  { id: 'playbook', header: 'Playbook', cell: (t) => t.playbook ?? '—' },
  {
    id: 'pnl',
    header: 'Net P&L',
    align: 'right',
    sortValue: (t) => t.pnl,
    cell: (t) => <Money value={t.pnl} signed />,
  },
];

export function TradesScreen({
  status,
  trades = [],
  ...cb
}: { status: AreaStatus; trades?: DashboardTrade[] } & AreaCallbacks) {
  return (
    <AreaPage
      title="Trades"
      description="Every closed trade, after charges. Sort by any column."
      status={status}
      actions={
        <>
          {importTrades}
          {addTrade}
        </>
      }
      empty={{
        icon: <FileUp />,
        title: 'No trades yet',
        description:
          'Import a Zerodha Console tradebook, a Dhan transaction report, or an Upstox or Angel One file. Re-importing an overlapping file is safe: duplicates are skipped.',
        action: addTrade,
      }}
      {...cb}
    >
      <DataTable
        caption="Closed trades"
        captionHidden
        columns={tradeColumns}
        rows={trades}
        rowKey={(t) => t.id}
        defaultSort={{ column: 'closedAt', direction: 'desc' }}
      />
    </AreaPage>
  );
}
