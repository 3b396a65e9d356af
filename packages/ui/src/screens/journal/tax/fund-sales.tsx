import type { FundSaleRow, TaxYear } from '@bahi/trading';
import { formatCount } from '@bahi/trading';
import { Landmark } from 'lucide-react';
import { Money } from '../../../components/money';
import { ScrollRegion } from '../../../components/scroll-region';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/table';
import { count, Day, sectionRef } from './format';

// Sales of non-equity funds' units (liquid, gold, silver and foreign-share ETFs): they are not listed equity, so they
// are in neither the short-term (s. 111A) nor the long-term (s. 112A) head. The section lists them with the rule
// each falls under, so the trader or their preparer can put them in the return's other capital gains.

const FUND_NAMES: Record<FundSaleRow['fund'], string> = {
  debt: 'Debt fund',
  gold: 'Gold fund',
  silver: 'Silver fund',
  international: 'Foreign shares',
};

export function FundSales({ year, sections }: { year: TaxYear; sections?: Record<string, string> }) {
  const { funds } = year;
  if (funds.rows.length === 0) return null;
  const ref = (key: string) => {
    const s = sectionRef(sections, key);
    return s ? ` (${s})` : '';
  };
  return (
    <section
      aria-labelledby="tax-funds"
      data-slot="fund-sales"
      className="grid min-w-0 gap-3 rounded-lg border border-l-4 border-l-brand bg-card p-4 text-card-foreground"
    >
      <h3 id="tax-funds" className="flex items-start gap-2 font-semibold">
        <Landmark className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        Units of non-equity funds: {count(funds.rows.length, 'sale')}
      </h3>
      <p className="text-muted-foreground text-sm">
        Liquid, gilt, gold, silver and foreign-share ETFs are not equity-oriented funds, so these sales are in neither
        short-term{ref('shortTerm')} nor long-term{ref('longTerm')} gains above.
      </p>
      <ul className="grid gap-1 text-sm">
        {funds.specified.rows > 0 ? (
          <li>
            Short term whatever the holding, at your slab rate{ref('specifiedFund')}:{' '}
            <Money value={funds.specified.gain} signed /> from {count(funds.specified.rows, 'sale')} of units bought on
            or after 1 April 2023.
          </li>
        ) : null}
        {funds.other.rows > 0 ? (
          <li>
            By holding period, under other rules than listed equity: <Money value={funds.other.gain} signed /> from{' '}
            {count(funds.other.rows, 'sale')}. Check the head and rate with your tax preparer.
          </li>
        ) : null}
      </ul>
      <ScrollRegion label="Sales of non-equity funds" pinFirstColumn="background">
        <Table>
          <TableCaption className="sr-only">Sales of non-equity funds, {year.label}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Fund</TableHead>
              <TableHead>Bought</TableHead>
              <TableHead>Sold</TableHead>
              <TableHead className="text-right">Units</TableHead>
              <TableHead className="text-right">Sale value</TableHead>
              <TableHead className="text-right">Cost</TableHead>
              <TableHead className="text-right">Gain</TableHead>
              <TableHead>Rule</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {funds.rows.map((r) => (
              <TableRow key={`${r.tradeId}:${r.rule}`}>
                <TableCell>
                  <span className="block font-medium">{r.symbol}</span>
                  <span className="block text-muted-foreground text-xs">{FUND_NAMES[r.fund]}</span>
                </TableCell>
                <TableCell>
                  <Day iso={r.acquiredFrom} />
                  {r.acquiredTo !== r.acquiredFrom ? (
                    <>
                      {' – '}
                      <Day iso={r.acquiredTo} />
                    </>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Day iso={r.sold} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(r.quantity)}</TableCell>
                <TableCell className="text-right">
                  <Money value={r.saleValue} />
                </TableCell>
                <TableCell className="text-right">
                  <Money value={r.actualCost} />
                </TableCell>
                <TableCell className="text-right">
                  <Money value={r.gain} signed />
                </TableCell>
                <TableCell>{r.rule === 'specified' ? 'Short term, slab rate' : 'By holding period'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </section>
  );
}
