import { ChartColumn } from 'lucide-react';
import { type DistributionBucket, PnlDistribution } from '../../charts/journal-charts';
import { Money } from '../../components/money';
import { DataTable, type DataTableColumn } from '../../components/table';
import { type AreaCallbacks, importTrades } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';

// Analytics

export interface SetupRow {
  setup: string;
  trades: number;
  winRate: number;
  expectancy: number;
  netPnl: number;
}

const setupColumns: DataTableColumn<SetupRow>[] = [
  { id: 'setup', header: 'Setup', sortValue: (r) => r.setup, cell: (r) => r.setup },
  { id: 'trades', header: 'Trades', align: 'right', sortValue: (r) => r.trades, cell: (r) => r.trades },
  {
    id: 'winRate',
    header: 'Win rate',
    align: 'right',
    sortValue: (r) => r.winRate,
    cell: (r) => `${Math.round(r.winRate * 100)}%`,
  },
  {
    id: 'expectancy',
    header: 'Expectancy',
    align: 'right',
    sortValue: (r) => r.expectancy,
    cell: (r) => <Money value={r.expectancy} signed />,
  },
  {
    id: 'netPnl',
    header: 'Net P&L',
    align: 'right',
    sortValue: (r) => r.netPnl,
    cell: (r) => <Money value={r.netPnl} signed abbreviate />,
  },
];

export function AnalyticsScreen({
  status,
  buckets = [],
  setups = [],
  ...cb
}: { status: AreaStatus; buckets?: DistributionBucket[]; setups?: SetupRow[] } & AreaCallbacks) {
  return (
    <AreaPage
      title="Analytics"
      description="What works and what costs you, with the sample size beside every figure."
      status={status}
      skeleton="panel"
      empty={{
        icon: <ChartColumn />,
        title: 'Not enough trades to analyse',
        description: 'Analytics need closed trades. Twenty or more give figures you can trust.',
        action: importTrades,
      }}
      {...cb}
    >
      <div className="grid gap-4 xl:grid-cols-2">
        <PnlDistribution buckets={buckets} />
        <section aria-labelledby="by-setup" className="grid content-start gap-3 rounded-xl border bg-card p-4">
          <h2 id="by-setup" className="font-semibold">
            By setup
          </h2>
          <DataTable
            caption="Results by setup"
            captionHidden
            columns={setupColumns}
            rows={setups}
            rowKey={(r) => r.setup}
            defaultSort={{ column: 'netPnl', direction: 'desc' }}
          />
        </section>
      </div>
    </AreaPage>
  );
}
