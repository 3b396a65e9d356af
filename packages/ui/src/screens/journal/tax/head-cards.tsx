import type { BusinessIncome, CapitalGains, RatePeriod, TaxHead, TaxYear } from '@bahi/trading';
import { formatCount } from '@bahi/trading';
import { ListTree } from 'lucide-react';
import type * as React from 'react';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/card';
import { Money } from '../../../components/money';
import { cn } from '../../../lib/utils';
import { count, formatDay, formatRate, HEAD_TITLES, sectionRef } from './format';
import { undatedNote } from './lot-dates';

// The year's four heads of income as cards, each adding up on its face and opening the trades behind it.

export interface FigureLine {
  label: React.ReactNode;
  value: React.ReactNode;
  /** The line a sum arrives at: set apart with a rule above it. */
  total?: boolean;
  /** A line that breaks a figure down, indented under it. */
  sub?: boolean;
}

/** Label and amount pairs, right-aligned so that columns of rupees line up. */
export function FigureList({ lines, className }: { lines: FigureLine[]; className?: string }) {
  return (
    // No column gap: the rule above a total runs unbroken under both columns.
    <dl className={cn('grid grid-cols-[minmax(0,1fr)_auto] gap-y-1.5 text-sm', className)}>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed per card and never reorder
        <div key={i} className={cn('contents', line.total && '[&>*]:border-t [&>*]:pt-1.5 [&>*]:font-semibold')}>
          <dt className={cn('min-w-0', line.total ? 'text-foreground' : 'text-muted-foreground', line.sub && 'pl-3')}>
            {line.label}
          </dt>
          <dd className="pl-4 text-right tabular-nums">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** '15%, sales 1 Apr 2024 – 22 Jul 2024', or just '20%' when one rate covers the whole year. */
export function rateText(period: RatePeriod, periods: RatePeriod[], year: Pick<TaxYear, 'from' | 'to'>): string {
  const wholeYear = periods.length === 1 && period.from <= year.from && period.to >= year.to;
  return wholeYear
    ? formatRate(period.rate)
    : `${formatRate(period.rate)}, sales ${formatDay(period.from)} – ${formatDay(period.to)}`;
}

/** The periods a head has sales in: the year's other rate periods are listed with no rows. */
export const withSales = (periods: RatePeriod[]) => periods.filter((p) => p.rows > 0);

function HeadCard({
  head,
  description,
  trades,
  lines,
  note,
  onOpen,
}: {
  head: TaxHead;
  description: React.ReactNode;
  trades: number;
  lines: FigureLine[];
  note?: React.ReactNode;
  onOpen: (head: TaxHead, opener: HTMLElement) => void;
}) {
  const id = `tax-head-${head}`;
  return (
    <section aria-labelledby={id} className="min-w-0" data-slot="tax-head" data-head={head}>
      <Card className="h-full gap-4">
        <CardHeader>
          <CardTitle asChild>
            <h3 id={id} className="text-base">
              {HEAD_TITLES[head]}
            </h3>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid flex-1 content-start gap-3">
          <FigureList lines={lines} />
          {note ? <p className="text-muted-foreground text-xs">{note}</p> : null}
        </CardContent>
        <CardFooter>
          {trades > 0 ? (
            <Button variant="outline" size="sm" onClick={(e) => onOpen(head, e.currentTarget)}>
              <ListTree aria-hidden="true" />
              {trades === 1 ? 'See the trade' : `See the ${formatCount(trades)} trades`}
              <span className="sr-only"> behind {HEAD_TITLES[head].toLowerCase()}</span>
            </Button>
          ) : (
            <p className="text-muted-foreground text-sm">No trades under this head this year.</p>
          )}
        </CardFooter>
      </Card>
    </section>
  );
}

function businessLines(b: BusinessIncome, breakdown?: { label: string; part: BusinessIncome }[]): FigureLine[] {
  return [
    { label: 'Trades', value: formatCount(b.trades) },
    { label: 'Turnover', value: <Money value={b.turnover} /> },
    { label: 'Gross result', value: <Money value={b.gross} signed /> },
    ...(breakdown ?? []).map(({ label, part }) => ({
      label: `${label} (${count(part.trades, 'trade')})`,
      value: <Money value={part.gross} signed />,
      sub: true,
    })),
    { label: 'Less expenses and charges', value: <Money value={b.expenses} /> },
    { label: 'Net result', value: <Money value={b.net} signed />, total: true },
  ];
}

function gainLines(g: CapitalGains, year: TaxYear): FigureLine[] {
  return [
    { label: 'Sale value', value: <Money value={g.saleValue} /> },
    { label: 'Less cost of acquisition', value: <Money value={g.costOfAcquisition} /> },
    { label: 'Less transfer expenses', value: <Money value={g.transferExpenses} /> },
    { label: 'Net gain', value: <Money value={g.total} signed />, total: true },
    ...withSales(g.byRate).map((p, _, periods) => ({
      label: `At ${rateText(p, periods, year)} (${count(p.rows, 'sale')})`,
      value: <Money value={p.gain} signed />,
      sub: true,
    })),
  ];
}

export function HeadCards({
  year,
  sections,
  onOpen,
}: {
  year: TaxYear;
  sections?: Record<string, string>;
  onOpen: (head: TaxHead, opener: HTMLElement) => void;
}) {
  const { speculative, nonSpeculative, shortTerm, longTerm } = year;
  const ref = (key: string) => {
    const s = sectionRef(sections, key);
    return s ? ` (${s})` : '';
  };
  const undated = undatedNote(year);
  const sttNote = (g: CapitalGains) => (
    <>
      STT paid <Money value={g.stt} />: not deductible from capital gains{ref('sttNotDeductible')}.
      {undated ? ` ${undated}` : null}
    </>
  );
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <HeadCard
        head="speculative"
        description={`Intraday equity${ref('speculative')}`}
        trades={speculative.trades}
        lines={businessLines(speculative)}
        onOpen={onOpen}
      />
      <HeadCard
        head="nonSpeculative"
        description={`Futures, options and commodity derivatives${ref('nonSpeculative')}`}
        trades={nonSpeculative.trades}
        lines={businessLines(nonSpeculative, [
          { label: 'Futures', part: nonSpeculative.futures },
          { label: 'Options', part: nonSpeculative.options },
          { label: 'Commodities', part: nonSpeculative.commodities },
        ])}
        onOpen={onOpen}
      />
      <HeadCard
        head="shortTerm"
        description={`Listed shares held 12 months or less${ref('shortTerm')}`}
        trades={shortTerm.rows.length}
        lines={gainLines(shortTerm, year)}
        note={sttNote(shortTerm)}
        onOpen={onOpen}
      />
      <HeadCard
        head="longTerm"
        description={`Listed shares held more than 12 months${ref('longTerm')}`}
        trades={longTerm.rows.length}
        lines={[
          ...gainLines(longTerm, year),
          { label: 'Exemption for the year', value: <Money value={longTerm.exemption} /> },
          { label: 'Used by these gains', value: <Money value={longTerm.exemptionUsed} />, sub: true },
          {
            label: 'Taxable after the exemption',
            value: <Money value={longTerm.taxableByRate.reduce((sum, p) => sum + p.gain, 0)} />,
            total: true,
          },
          ...withSales(longTerm.taxableByRate).map((p, _, periods) => ({
            label: `At ${rateText(p, periods, year)}`,
            value: <Money value={p.gain} />,
            sub: true,
          })),
        ]}
        note={sttNote(longTerm)}
        onOpen={onOpen}
      />
    </div>
  );
}
