import type { CapitalGainRow, CapitalGains, TaxHead, TaxTrade, TaxYear } from '@bahi/trading';
import { formatCount, formatQuantity } from '@bahi/trading';
import type * as React from 'react';
import { Badge } from '../../../components/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/dialog';
import { Money } from '../../../components/money';
import { ScrollRegion } from '../../../components/scroll-region';
import { DataTable, type DataTableColumn } from '../../../components/table';
import { count, Day, daysBetween, formatRate, HEAD_TITLES } from './format';
import { type FigureLine, FigureList } from './head-cards';

// The trades behind one total: business trades from the trades map, capital gains from the year's rows.

const segmentLabel = (t: TaxTrade) =>
  t.exchange === 'MCX'
    ? 'Commodity'
    : t.segment === 'futures'
      ? 'Futures'
      : t.segment === 'options'
        ? 'Options'
        : 'Equity';

const tradeResult = (t: TaxTrade) => (t.grossPnl ?? t.sellValue - t.buyValue) - t.charges;

function businessColumns(withSegment: boolean): DataTableColumn<TaxTrade>[] {
  return [
    {
      id: 'symbol',
      header: 'Symbol',
      sortValue: (t) => t.symbol,
      cell: (t) => <span className="font-medium">{t.symbol}</span>,
    },
    ...(withSegment
      ? [{ id: 'segment', header: 'Segment', sortValue: segmentLabel, cell: segmentLabel } as DataTableColumn<TaxTrade>]
      : []),
    { id: 'entry', header: 'Entry', sortValue: (t) => t.entryDate, cell: (t) => <Day iso={t.entryDate} /> },
    { id: 'exit', header: 'Exit', sortValue: (t) => t.exitDate, cell: (t) => <Day iso={t.exitDate} /> },
    {
      id: 'days',
      header: 'Days held',
      align: 'right',
      sortValue: (t) => daysBetween(t.entryDate, t.exitDate),
      cell: (t) => formatCount(daysBetween(t.entryDate, t.exitDate)),
    },
    {
      id: 'quantity',
      header: 'Quantity',
      align: 'right',
      sortValue: (t) => t.quantity,
      cell: (t) => formatQuantity(t.quantity),
    },
    {
      id: 'buy',
      header: 'Buy value',
      align: 'right',
      sortValue: (t) => t.buyValue,
      cell: (t) => <Money value={t.buyValue} />,
    },
    {
      id: 'sell',
      header: 'Sell value',
      align: 'right',
      sortValue: (t) => t.sellValue,
      cell: (t) => <Money value={t.sellValue} />,
    },
    {
      id: 'gross',
      header: 'Gross result',
      align: 'right',
      sortValue: (t) => t.grossPnl ?? 0,
      cell: (t) => <Money value={t.grossPnl ?? t.sellValue - t.buyValue} signed />,
    },
    {
      id: 'charges',
      header: 'Charges',
      align: 'right',
      sortValue: (t) => t.charges,
      cell: (t) => <Money value={t.charges} />,
    },
    {
      id: 'result',
      header: 'Net result',
      align: 'right',
      sortValue: tradeResult,
      cell: (t) => <Money value={tradeResult(t)} signed />,
    },
  ];
}

const gainKey = (r: CapitalGainRow) => `${r.tradeId}:${r.term}:${r.acquiredFrom}`;

const gainColumns: DataTableColumn<CapitalGainRow>[] = [
  {
    id: 'symbol',
    header: 'Share',
    sortValue: (r) => r.symbol,
    cell: (r) => (
      <span className="grid">
        <span className="font-medium">{r.symbol}</span>
        <span className="text-muted-foreground text-xs">{r.isin ?? 'ISIN not known'}</span>
      </span>
    ),
  },
  {
    id: 'quantity',
    header: 'Quantity',
    align: 'right',
    sortValue: (r) => r.quantity,
    cell: (r) => formatQuantity(r.quantity),
  },
  {
    id: 'acquired',
    header: 'Acquired',
    sortValue: (r) => r.acquiredFrom,
    cell: (r) =>
      r.acquiredFrom === r.acquiredTo ? (
        <Day iso={r.acquiredFrom} />
      ) : (
        <>
          <Day iso={r.acquiredFrom} /> – <Day iso={r.acquiredTo} />
        </>
      ),
  },
  { id: 'sold', header: 'Sold', sortValue: (r) => r.sold, cell: (r) => <Day iso={r.sold} /> },
  {
    id: 'days',
    header: 'Days held',
    align: 'right',
    sortValue: (r) => r.daysHeld,
    cell: (r) => formatCount(r.daysHeld),
  },
  {
    id: 'sale',
    header: 'Sale value',
    align: 'right',
    sortValue: (r) => r.saleValue,
    cell: (r) => <Money value={r.saleValue} />,
  },
  {
    id: 'actualCost',
    header: 'Actual cost',
    align: 'right',
    sortValue: (r) => r.actualCost,
    cell: (r) => <Money value={r.actualCost} />,
  },
  {
    id: 'fmv',
    header: 'FMV 31 Jan 2018',
    align: 'right',
    sortValue: (r) => r.fmv ?? -1,
    cell: (r) =>
      r.fmv !== null ? (
        <Money value={r.fmv} />
      ) : r.needsFmv ? (
        <Badge variant="warning">Needed</Badge>
      ) : (
        <span className="text-muted-foreground">
          —<span className="sr-only">not applicable</span>
        </span>
      ),
  },
  {
    id: 'coa',
    header: 'Cost of acquisition',
    align: 'right',
    sortValue: (r) => r.costOfAcquisition,
    cell: (r) => <Money value={r.costOfAcquisition} />,
  },
  {
    id: 'transfer',
    header: 'Transfer expenses',
    align: 'right',
    sortValue: (r) => r.transferExpenses,
    cell: (r) => <Money value={r.transferExpenses} />,
  },
  {
    id: 'stt',
    header: 'STT (not deductible)',
    align: 'right',
    sortValue: (r) => r.stt,
    cell: (r) => <Money value={r.stt} />,
  },
  {
    id: 'gain',
    header: 'Gain',
    align: 'right',
    sortValue: (r) => r.gain,
    cell: (r) => <Money value={r.gain} signed />,
  },
  { id: 'rate', header: 'Rate', align: 'right', sortValue: (r) => r.rate, cell: (r) => formatRate(r.rate) },
];

function gainTotals(g: CapitalGains): FigureLine[] {
  return [
    { label: 'Sale value', value: <Money value={g.saleValue} /> },
    { label: 'Less cost of acquisition', value: <Money value={g.costOfAcquisition} /> },
    { label: 'Less transfer expenses', value: <Money value={g.transferExpenses} /> },
    { label: 'Net gain', value: <Money value={g.total} signed />, total: true },
    { label: 'STT paid, not deductible', value: <Money value={g.stt} /> },
  ];
}

/** The dialog listing the trades behind `head`'s total, with the total they add up to. */
export function DrillDown({
  head,
  year,
  trades,
  onClose,
  onCloseAutoFocus,
}: {
  head: TaxHead | null;
  year: TaxYear;
  trades?: ReadonlyMap<string, TaxTrade>;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const title = head ? HEAD_TITLES[head] : '';
  let body: React.ReactNode = null;
  let n = 0;
  if (head === 'speculative' || head === 'nonSpeculative') {
    const income = year[head];
    const found = income.tradeIds.flatMap((id) => {
      const t = trades?.get(id);
      return t ? [t] : [];
    });
    const missing = income.tradeIds.length - found.length;
    n = income.tradeIds.length;
    body = (
      <>
        {missing > 0 ? (
          <p className="text-muted-foreground text-sm">
            {count(missing, 'trade')} of {count(n, 'trade')} could not be loaded; the totals below include them.
          </p>
        ) : null}
        <ScrollRegion label={`${title}: trades`} pinFirstColumn="background">
          <DataTable
            caption={`${title}, ${year.label}: the trades behind the total`}
            captionHidden
            columns={businessColumns(head === 'nonSpeculative')}
            rows={found}
            rowKey={(t) => t.id}
            defaultSort={{ column: 'exit', direction: 'asc' }}
          />
        </ScrollRegion>
        <FigureList
          className="sm:ml-auto sm:w-80"
          lines={[
            { label: 'Turnover', value: <Money value={income.turnover} /> },
            { label: 'Gross result', value: <Money value={income.gross} signed /> },
            { label: 'Less expenses and charges', value: <Money value={income.expenses} /> },
            { label: 'Net result', value: <Money value={income.net} signed />, total: true },
          ]}
        />
      </>
    );
  } else if (head === 'shortTerm' || head === 'longTerm') {
    const gains = year[head];
    n = gains.rows.length;
    body = (
      <>
        <ScrollRegion label={`${title}: sales`} pinFirstColumn="background">
          <DataTable
            caption={`${title}, ${year.label}: the sales behind the total`}
            captionHidden
            columns={gainColumns}
            rows={gains.rows}
            rowKey={gainKey}
            defaultSort={{ column: 'sold', direction: 'asc' }}
          />
        </ScrollRegion>
        <FigureList className="sm:ml-auto sm:w-80" lines={gainTotals(gains)} />
      </>
    );
  }
  return (
    <Dialog open={head !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-6xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>
            {title}: {count(n, 'trade')}
          </DialogTitle>
          <DialogDescription>
            {year.label}. Every trade behind the total, and the total they add up to. Sort by any column.
          </DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
}
